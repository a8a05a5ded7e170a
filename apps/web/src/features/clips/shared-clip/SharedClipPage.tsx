import type { Clip, OpenedClip } from '@clipsync/shared';
import { Loader2 } from 'lucide-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { useClip, useClipCache } from '../../../api/clip-queries';
import { useAuth } from '../../../session/auth-context';
import { Button } from '../../../ui/Button';
import { useToast } from '../../../ui/use-toast';
import { ClipPageLayout, ClipPanel } from '../editor/ClipPageLayout';
import { EncryptedClipGate } from './EncryptedClipGate';
import { SharedClipOwnerView } from './SharedClipOwnerView';
import { SharedClipTitle } from './SharedClipTitle';
import { SharedClipViewerView } from './SharedClipViewerView';
import { ShowClipCard } from './ShowClipCard';
import { TakenDownMessage } from '../../../components/TakenDownNotice';

/** A protected clip opened by "Show clip", for the link it was opened by. */
interface OpenedLink extends OpenedClip {
  linkId: string;
  /** What the link had left before this open (null: no limit), for the page to say what leaving costs. */
  viewsLeftBefore: number | null;
}

/** /clips/{clipId}: anyone with the link reads the clip; only its owner edits it. */
export default function SharedClipPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const { clipId } = useParams();
  const { status } = useAuth();
  const { forgetClip } = useClipCache();
  // Once its owner deletes it, the clip is not fetched again: the page says what happened instead.
  const [deletedClipId, setDeletedClipId] = useState<string | null>(null);
  const isDeleted = clipId !== undefined && deletedClipId === clipId;
  // A protected clip's content lives here once opened: reading it again would take another view.
  const [opened, setOpened] = useState<OpenedLink | null>(null);
  // Its link answered 404 on "Show clip" (expired, spent or stopped since the card was read).
  const [goneLinkId, setGoneLinkId] = useState<string | null>(null);
  const isGone = clipId !== undefined && goneLinkId === clipId;
  // The operator took it down while it was open here (the live event); a fetch answers 410 from then on.
  const [takenDownId, setTakenDownId] = useState<string | null>(null);
  const clipQuery = useClip(isDeleted || isGone || takenDownId === clipId ? undefined : clipId);
  const isTakenDown =
    (clipId !== undefined && takenDownId === clipId) ||
    (clipQuery.error instanceof ApiError && clipQuery.error.code === 'TAKEN_DOWN');

  // A malformed id (400) names no clip either. The page says so itself; a toast would repeat it.
  const isMissing = clipQuery.error instanceof ApiError && [400, 404, 410].includes(clipQuery.error.status);
  const reportLoadFailure = useEffectEvent(() => toast.error({ title: t('editor.loadFailed') }));
  useEffect(() => {
    if (clipQuery.isError && !isMissing) reportLoadFailure();
  }, [clipQuery.isError, isMissing]);

  // A clip with a view limit or a password answers a card, not its content, until "Show clip".
  const card = clipQuery.data && 'protected' in clipQuery.data ? clipQuery.data : undefined;
  const clip = clipQuery.data && !('protected' in clipQuery.data) ? clipQuery.data : undefined;
  const onDeleted = (id: string) => {
    setDeletedClipId(id);
    setOpened(null);
    void forgetClip(id);
  };
  const onTakenDown = () => {
    setTakenDownId(clipId ?? null);
    setOpened(null);
  };
  if (opened && opened.linkId === clipId && !isDeleted && !isTakenDown) {
    const update = (change: (stored: Clip) => Clip) =>
      setOpened((current) => current && { ...current, clip: change(current.clip) });
    return (
      <EncryptedClipGate clip={opened.clip}>
        {(shown, encryption) => (
          <SharedClipViewerView
            clip={shown}
            encryption={encryption}
            opened={{ grant: opened.grant, update, viewsLeftBefore: opened.viewsLeftBefore }}
            onDeleted={() => onDeleted(opened.linkId)}
            onTakenDown={onTakenDown}
          />
        )}
      </EncryptedClipGate>
    );
  }
  // The server says what this caller may do; the session must be settled for that answer to be theirs.
  if (clip && status !== 'loading' && !isDeleted && !isTakenDown) {
    return (
      <EncryptedClipGate clip={clip}>
        {(shown, encryption) =>
          clip.abilities.update ? (
            <SharedClipOwnerView clip={shown} encryption={encryption} />
          ) : (
            <SharedClipViewerView
              clip={shown}
              encryption={encryption}
              onDeleted={() => onDeleted(clip.id)}
              onTakenDown={onTakenDown}
            />
          )
        }
      </EncryptedClipGate>
    );
  }
  return (
    <ClipPageLayout>
      <SharedClipTitle />
      <ClipPanel>
        {/* Deleted, stopped, expired or spent: one answer, as the API's one 404 (nothing tells them apart). */}
        {isTakenDown ? (
          <TakenDownMessage />
        ) : isDeleted ? (
          <ClipUnavailable isGone isSignedIn={status === 'signedIn'} />
        ) : isGone ? (
          <ClipUnavailable isGone isSignedIn={false} />
        ) : card ? (
          <ShowClipCard
            card={card}
            onOpened={(result) => setOpened({ ...result, linkId: card.id, viewsLeftBefore: card.viewsLeft })}
            onGone={() => setGoneLinkId(card.id)}
          />
        ) : clipQuery.isError ? (
          <ClipUnavailable isGone={isMissing} isSignedIn={false} />
        ) : (
          <div
            role="status"
            className="flex items-center justify-center gap-3 py-16 text-slate-600 dark:text-slate-300"
          >
            <Loader2 className="h-6 w-6 animate-spin text-indigo-600 dark:text-indigo-400" aria-hidden="true" />
            {t('editor.loadingClip')}
          </div>
        )}
      </ClipPanel>
    </ClipPageLayout>
  );
}

/**
 * In place of a clip that cannot be shown: its link no longer works (`isGone`) or it failed to load, and a
 * way back (the dashboard for a signed-in user).
 */
function ClipUnavailable({ isGone, isSignedIn }: { isGone: boolean; isSignedIn: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-4 py-12 text-center">
      <p role="alert" className="font-medium text-slate-800 dark:text-slate-100">
        {t(isGone ? 'editor.linkEnded' : 'editor.loadFailed')}
      </p>
      {isGone && <p className="max-w-md text-sm text-slate-600 dark:text-slate-300">{t('editor.linkEndedHint')}</p>}
      <Button asChild variant="secondary">
        {isSignedIn ? <Link to="/dashboard">{t('editor.back')}</Link> : <Link to="/">{t('notFound.home')}</Link>}
      </Button>
    </div>
  );
}
