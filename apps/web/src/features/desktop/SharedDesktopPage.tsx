import type { DesktopTarget } from '@clipsync/shared';
import { Loader2, Plus, RefreshCw } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useContainerWidth } from 'react-grid-layout';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useDesktop } from '../../api/desktop-queries';
import { ApiError } from '../../api/client';
import { ReportLinkButton } from '../../components/ReportLinkButton';
import { TakenDownMessage } from '../../components/TakenDownNotice';
import { UploadFileButton } from '../../components/UploadFileButton';
import { useItemTakenDown } from '../../realtime/use-item-taken-down';
import { usePasteAndDrop } from '../../components/use-paste-and-drop';
import { appendPastedText } from '../../lib/pasted-files';
import { Button } from '../../ui/Button';
import { Input } from '../../ui/Input';
import { useErrorToast } from '../../ui/use-error-toast';
import { DesktopBoardView } from './DesktopBoardView';
import { useDesktopBoard } from './use-desktop-board';

/**
 * /desktop/shared/{token}, the shared desktop: whoever holds the link sees the desktop's blocks, adds
 * text and files, and deletes. Every call names the desktop by the token (its `desktopId`).
 */
export default function SharedDesktopPage() {
  const { token = '' } = useParams();
  return <SharedDesktopView key={token} token={token} />;
}

function SharedDesktopView({ token }: { token: string }) {
  const { t } = useTranslation();
  const target = useMemo<DesktopTarget>(() => ({ desktopId: token }), [token]);
  const [isRevoked, setIsRevoked] = useState(false);
  const [isRemoved, setIsRemoved] = useState(false);
  const desktopQuery = useDesktop(target);
  const isTakenDown = isRemoved || (desktopQuery.error instanceof ApiError && desktopQuery.error.code === 'TAKEN_DOWN');
  useItemTakenDown('desktop', desktopQuery.data?.id, () => setIsRemoved(true));
  // Once the link stops working the page stops following the desktop: there is nothing more to show.
  const desktop = isRevoked || isTakenDown ? undefined : desktopQuery.data;
  const { width, containerRef } = useContainerWidth();
  const board = useDesktopBoard(target, desktop, {
    visibleWidth: width,
    isLayoutSaveAnnounced: false,
    onShareRevoked: () => setIsRevoked(true),
  });
  const [text, setText] = useState('');
  useErrorToast(desktopQuery.isError && !isRevoked && !isTakenDown, t('desktop.sharedLoadFailed'));
  const canAdd = desktop?.abilities.addItems ?? false;
  usePasteAndDrop({
    enabled: canAdd,
    onFiles: (files) => void board.uploadFiles(files),
    onText: (pasted) => setText((current) => appendPastedText(current, pasted)),
  });

  const add = () => board.addText(text, () => setText(''));
  // One element throughout, so the grid's width is measured from the first render on.
  return (
    <div ref={containerRef} className="mx-auto max-w-7xl space-y-4 px-4 py-8">
      {!desktop ? (
        <div className="py-16 text-center">
          {isTakenDown ? (
            <TakenDownMessage />
          ) : isRevoked ? (
            <p role="status">{t('desktop.noLongerShared')}</p>
          ) : desktopQuery.isError ? (
            <p role="alert">{t('desktop.sharedNotFound')}</p>
          ) : (
            <p role="status" className="inline-flex items-center gap-2 text-slate-600 dark:text-slate-300">
              <Loader2 className="h-5 w-5 animate-spin text-indigo-600 dark:text-indigo-400" aria-hidden="true" />
              {t('common.loading')}
            </p>
          )}
        </div>
      ) : (
        <>
          <header className="flex flex-wrap items-center justify-between gap-3">
            <h1 className="text-2xl font-bold">{t('pages.sharedDesktop')}</h1>
            <ReportLinkButton kind="desktop" link={token} />
            <Button variant="secondary" onClick={() => void desktopQuery.refetch()} disabled={desktopQuery.isFetching}>
              <RefreshCw className={desktopQuery.isFetching ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden="true" />
              {t('desktop.refresh')}
            </Button>
          </header>
          {canAdd && (
            <form
              className="flex flex-wrap items-center gap-2"
              onSubmit={(event) => {
                event.preventDefault();
                add();
              }}
            >
              <Input
                value={text}
                onChange={(event) => setText(event.target.value)}
                aria-label={t('desktop.textLabel')}
                placeholder={t('desktop.textPlaceholder')}
                className="min-w-48 flex-1"
              />
              <Button type="submit" disabled={text.trim() === '' || board.isAddingText}>
                <Plus className="h-4 w-4" aria-hidden="true" />
                {t('desktop.addText')}
              </Button>
              <UploadFileButton
                onFiles={(files) => void board.uploadFiles(files)}
                busyLabel={board.uploadProgress ? t('desktop.uploading') : undefined}
              />
            </form>
          )}
          <DesktopBoardView desktop={desktop} isLoading={false} visibleWidth={width} board={board} />
        </>
      )}
    </div>
  );
}
