import type { DesktopTarget } from '@clipsync/shared';
import { Plus, Radio, Share2, Wifi } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useContainerWidth } from 'react-grid-layout';
import { useTranslation } from 'react-i18next';
import { useDesktop } from '../../api/desktop-queries';
import { LoadFailed } from '../../components/LoadFailed';
import { hasFailedToLoad } from '../../ui/QueryState';
import { TakedownOwnerNotice } from '../../components/TakenDownNotice';
import { UploadFileButton } from '../../components/UploadFileButton';
import { usePasteAndDrop } from '../../components/use-paste-and-drop';
import { Button } from '../../ui/Button';
import { cn } from '../../ui/cn';
import { useToast } from '../../ui/use-toast';
import { AddTextDialog } from './AddTextDialog';
import { DesktopBoardView } from './DesktopBoardView';
import { LanPeerPanels } from './LanPeerPanels';
import { LanShareDialog } from './LanShareDialog';
import { ShareDesktopDialog } from './ShareDesktopDialog';
import { useDesktopBoard } from './use-desktop-board';
import type { LanSocketFactory } from '../../realtime/lan-socket';
import { useLanSession } from './use-lan-session';

/** The page's own desktop: the user's (signed in) or the LAN one (signed out); the server knows which. */
const OWN_DESKTOP: DesktopTarget = {};

/**
 * /desktop, the Virtual Desktop: New Text, Upload File and, for the owner, Share; then the blocks,
 * dragged and resized freely. Paste and drop anywhere on the page add blocks too. Signed out it is the
 * LAN desktop, with a notice of who can see it.
 */
export default function DesktopPage({ createLanSocket }: { createLanSocket?: LanSocketFactory } = {}) {
  const { t } = useTranslation();
  const toast = useToast();
  const desktopQuery = useDesktop(OWN_DESKTOP);
  const desktop = desktopQuery.data;
  const { width, containerRef } = useContainerWidth();
  const board = useDesktopBoard(OWN_DESKTOP, desktop, { visibleWidth: width, isLayoutSaveAnnounced: true });
  const [isAddingText, setIsAddingText] = useState(false);
  const [isSharing, setIsSharing] = useState(false);
  const [isLanOpen, setIsLanOpen] = useState(false);
  const lan = useLanSession(desktop, createLanSocket);
  const openLan = () => {
    setIsLanOpen(true);
    lan.start();
  };
  // Adding still works when the first load failed: the server creates the desktop with its first block.
  const canAdd = desktop?.abilities.addItems ?? desktopQuery.isError;

  useEffect(() => {
    if (desktopQuery.isError) toast.info({ title: t('desktop.createdOnFirstAdd') });
  }, [desktopQuery.isError, toast, t]);

  const { isDraggingFiles } = usePasteAndDrop({
    enabled: canAdd,
    onFiles: (files) => void board.uploadFiles(files),
    onText: (text) => board.addText(text),
  });

  return (
    <div className="mx-auto max-w-7xl space-y-4 px-4 py-8">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t('pages.desktop')}</h1>
        {canAdd && (
          <div className="flex flex-wrap items-center gap-2">
            <Button onClick={() => setIsAddingText(true)}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              {t('desktop.newText')}
            </Button>
            <UploadFileButton
              onFiles={(files) => void board.uploadFiles(files)}
              busyLabel={board.uploadProgress ? t('desktop.uploading') : undefined}
            />
            <Button variant="secondary" onClick={openLan}>
              <Radio className="h-4 w-4" aria-hidden="true" />
              {t(lan.isActive ? 'lan.active' : 'lan.share')}
            </Button>
            {desktop?.abilities.share && (
              <Button variant="secondary" onClick={() => setIsSharing(true)}>
                <Share2 className="h-4 w-4" aria-hidden="true" />
                {t('desktop.share')}
              </Button>
            )}
          </div>
        )}
      </header>
      {lan.isHosting && (
        <div
          role="region"
          aria-label={t('lan.sharing')}
          className="flex flex-wrap items-center gap-2 rounded-lg border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-100"
        >
          <Radio className="h-4 w-4 shrink-0" aria-hidden="true" />
          <span className="min-w-0">
            {t('lan.sharing')} <span aria-hidden="true">·</span>{' '}
          </span>
          <Button
            variant="secondary"
            size="sm"
            className="h-7 shrink-0 px-2"
            aria-label={t('lan.stopSharing')}
            onClick={lan.stopSharing}
          >
            {t('lan.stop')}
          </Button>
          <span className="basis-full text-xs sm:basis-auto">{t('lan.whilePageOpen')}</span>
        </div>
      )}
      <LanPeerPanels session={lan} />
      {desktop?.takedown && <TakedownOwnerNotice takedown={desktop.takedown} />}
      {desktop?.kind === 'lan' && (
        <p
          role="note"
          className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          <Wifi className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          {t('desktop.lanNotice')}
        </p>
      )}
      <div ref={containerRef} className={cn('rounded-xl', isDraggingFiles && 'ring-2 ring-indigo-500 ring-offset-4')}>
        {hasFailedToLoad(desktopQuery) ? (
          <LoadFailed
            title={t('loadFailed.desktop')}
            onRetry={() => void desktopQuery.refetch()}
            isRetrying={desktopQuery.isFetching}
          />
        ) : (
          <DesktopBoardView desktop={desktop} isLoading={desktopQuery.isPending} visibleWidth={width} board={board} />
        )}
      </div>
      <AddTextDialog
        isOpen={isAddingText}
        onOpenChange={setIsAddingText}
        isAdding={board.isAddingText}
        onAdd={board.addText}
      />
      <LanShareDialog
        isOpen={isLanOpen}
        onOpenChange={setIsLanOpen}
        session={lan}
        blockCount={desktop?.items.length ?? 0}
      />
      {desktop?.abilities.share && (
        <ShareDesktopDialog isOpen={isSharing} onOpenChange={setIsSharing} shareToken={desktop.shareToken ?? null} />
      )}
    </div>
  );
}
