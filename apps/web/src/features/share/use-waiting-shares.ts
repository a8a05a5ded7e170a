import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useUploadClipFile } from '../../api/clip-mutations';
import { clipKeys } from '../../api/query-keys';
import type { SendContent } from '../../components/SendToDeviceDialog';
import { useAccountNewClip } from '../../components/use-account-new-clip';
import type { ClipSealer } from '../../lib/clip-sealer';
import { forgetShare, listWaitingShares, shareContent, type WaitingShare } from '../../pwa/share-inbox';

export type SaveShareState = 'loading' | 'ready' | 'saving' | 'nothing' | 'failed';
/** Where one waiting share stands: shown, being saved, or its save failed (kept for Try again). */
export type WaitingShareState = Extract<SaveShareState, 'ready' | 'saving' | 'failed'>;

interface WaitingSharesEvents {
  /** A file the server refused (over the size rule); the rest of its share is still saved. */
  onFileRefused: (file: File) => void;
  /** A clip saved while other shares still wait: the page stays on them and offers to open it. */
  onSavedWithOthersWaiting: (clipId: string) => void;
}

/**
 * Turns the shares kept by the service worker (pwa/share-inbox.ts) into clips, one each, its text and its files.
 * Any page can post to /share-target, so nothing is saved until the signed-in user has seen what waits and
 * pressed Save on it (`save`); Discard forgets it. A share is forgotten only once its clip exists: a failure
 * keeps it for Try again. Saving the last one opens its clip; while others wait, the page stays on them.
 * "Send to a device" (`prepareSend`) sends the text as it is, or saves the clip first when the share holds
 * files (a send carries text or a clip).
 */
export function useWaitingShares({ onFileRefused, onSavedWithOthersWaiting }: WaitingSharesEvents) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const newClip = useAccountNewClip();
  const uploadFile = useUploadClipFile();
  /** undefined while the inbox is read. */
  const [shares, setShares] = useState<WaitingShare[]>();
  const [states, setStates] = useState<Record<number, WaitingShareState>>({});
  /** The clip already made for a share IndexedDB then refused to forget: Try again must not make a second. */
  const madeClips = useRef(new Map<number, { clipId: string; seal: ClipSealer | null }>());

  const setStateOf = (id: number, state: WaitingShareState) => setStates((current) => ({ ...current, [id]: state }));
  const stateOf = (id: number): WaitingShareState => states[id] ?? 'ready';
  const remove = (id: number) => setShares((current) => current?.filter((share) => share.id !== id));

  const discard = async (id: number) => {
    try {
      await forgetShare(id);
    } catch {
      // Left listed when IndexedDB refuses: a share shown as gone must be gone.
      return;
    }
    remove(id);
  };

  /**
   * Makes the clip (once: a retry reuses the one made before the share could not be forgotten), forgets the
   * share, then attaches every file it can: the clip holds the share now.
   */
  const keepAsClip = async (share: WaitingShare): Promise<string> => {
    let made = madeClips.current.get(share.id);
    if (made === undefined) {
      const { clip, seal } = await newClip(shareContent(share));
      made = { clipId: clip.id, seal };
      madeClips.current.set(share.id, made);
    }
    const { clipId, seal } = made;
    await forgetShare(share.id);
    madeClips.current.delete(share.id);
    for (const file of share.files) {
      await (seal ? seal.sealFile(file) : Promise.resolve(file))
        .then((upload) => uploadFile.mutateAsync({ clipId, file: upload }))
        .catch(() => onFileRefused(file));
    }
    // The new clip belongs in the lists once its files are attached too (useCreateClip leaves this to us).
    await queryClient.invalidateQueries({ queryKey: clipKeys.all });
    return clipId;
  };

  /** Saves one waiting share as a clip; undefined when it failed (its state then says so). */
  const saveAsClip = async (share: WaitingShare): Promise<string | undefined> => {
    setStateOf(share.id, 'saving');
    try {
      return await keepAsClip(share);
    } catch {
      setStateOf(share.id, 'failed');
      return undefined;
    }
  };

  const save = async (id: number) => {
    const share = shares?.find((waiting) => waiting.id === id);
    if (!share) return;
    const clipId = await saveAsClip(share);
    if (!clipId) return;
    const isLast = shares?.every((waiting) => waiting.id === id) ?? true;
    if (isLast) return void (await navigate(`/clips/${clipId}`, { replace: true }));
    remove(id);
    onSavedWithOthersWaiting(clipId);
  };

  /** What "Send to a device" sends: the text alone as text; with files, the clip saved first. */
  const prepareSend = async (id: number): Promise<SendContent | undefined> => {
    const share = shares?.find((waiting) => waiting.id === id);
    if (!share) return undefined;
    if (share.files.length === 0) return { text: shareContent(share) };
    const clipId = await saveAsClip(share);
    return clipId ? { clipId } : undefined;
  };

  useEffect(() => {
    let isCurrent = true;
    void listWaitingShares()
      .catch(() => [])
      .then((waiting) => {
        if (isCurrent) setShares(waiting);
      });
    return () => {
      isCurrent = false;
    };
  }, []);

  return {
    shares,
    stateOf,
    save: (id: number) => void save(id),
    discard: (id: number) => void discard(id),
    prepareSend,
  };
}
