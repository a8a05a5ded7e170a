import type { Clip } from '@clipsync/shared';
import { sealedKeyStore } from '../lib/sealed-key-store';
import { useSealedClipboard, useSealedClipKey } from '../session/use-sealed-clipboard';
import { Skeleton } from '../ui/Skeleton';
import { ClipCard } from './ClipCard';
import { ConfirmDeleteClipDialog } from './ConfirmDeleteClipDialog';
import { LockedClipboard } from './LockedClipboard';
import { NewClipLink } from './NewClipLink';
import { SendToDeviceDialog } from './SendToDeviceDialog';
import { ShareClipDialog } from './ShareClipDialog';
import { useClipCardActions } from './use-clip-card-actions';

/** Placeholders while loading, as many as the dashboard's recent clips. */
const SKELETON_COUNT = 8;

/** What an empty list says, and what the reader can do about it. */
export interface EmptyListState {
  text: string;
  /** A sentence under the text, e.g. how clips get into this list. */
  hint?: string;
  /** A 'Create clip' button to /new-clip: the list is empty because there are no clips yet. */
  offerNewClip?: boolean;
}

interface ClipGridProps {
  clips: readonly Clip[] | undefined;
  isLoading: boolean;
  empty: EmptyListState;
}

/** A grid of clip cards with their actions and share dialog; placeholders while loading; the empty state. */
export function ClipGrid({ clips, isLoading, empty }: ClipGridProps) {
  const actions = useClipCardActions();
  const sharedClip = clips?.find((clip) => clip.id === actions.sharedClipId);
  // The shared clip's link key: its sealed clipboard's (opened here), or the one this device kept for it.
  const sealedKey = useSealedClipKey(sharedClip?.encrypted ? sharedClip.wrappedKey : null);
  const fragment =
    sealedKey.state === 'open'
      ? sealedKey.key.fragment
      : sharedClip && !sharedClip.wrappedKey
        ? (sealedKeyStore.get(sharedClip.id)?.fragment ?? null)
        : null;
  // Said once above the cards, each of which then reads "Locked".
  const isLocked = useSealedClipboard().state === 'locked';
  if (isLoading) {
    return (
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-busy="true">
        {Array.from({ length: SKELETON_COUNT }, (_, index) => (
          <Skeleton key={index} className="h-40" />
        ))}
      </div>
    );
  }
  return (
    <>
      {isLocked && <LockedClipboard variant="banner" />}
      {clips && clips.length > 0 ? (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {clips.map((clip) => (
            <li key={clip.id} className="flex min-w-0">
              <div className="w-full min-w-0">
                <ClipCard
                  clip={clip}
                  isBusy={actions.isBusy(clip)}
                  onCopy={actions.onCopy}
                  onShare={actions.onShare}
                  onSend={actions.onSend}
                  onToggleFavorite={actions.onToggleFavorite}
                  onDelete={actions.onDelete}
                />
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 p-10 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
          <p>{empty.text}</p>
          {empty.hint && <p className="text-sm">{empty.hint}</p>}
          {empty.offerNewClip && <NewClipLink variant="secondary" labelKey="cards.createClip" />}
        </div>
      )}
      <ShareClipDialog
        clipId={actions.sharedClipId}
        isOwner={sharedClip?.abilities.update}
        share={sharedClip?.share}
        encryption={sharedClip?.encrypted ? { fragment } : undefined}
        onOpenChange={(isOpen) => !isOpen && actions.closeShare()}
      />
      <SendToDeviceDialog
        content={actions.sentClipId ? { clipId: actions.sentClipId } : null}
        onClose={actions.closeSend}
      />
      <ConfirmDeleteClipDialog
        isOpen={actions.clipToDelete !== null}
        onOpenChange={(isOpen) => !isOpen && actions.cancelDelete()}
        onConfirm={actions.confirmDelete}
      />
    </>
  );
}
