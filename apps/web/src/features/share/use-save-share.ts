import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useCreateClip, useUploadClipFile } from '../../api/clip-mutations';
import { clipKeys } from '../../api/clip-queries';
import type { SendContent } from '../../components/SendToDeviceDialog';
import { forgetShare, peekShare, shareContent, type Share } from '../../pwa/share-inbox';

export type SaveShareState = 'loading' | 'ready' | 'saving' | 'nothing' | 'failed';

/**
 * Turns the share kept by the service worker (pwa/share-inbox.ts) into one clip, its text and its files,
 * then opens the clip. Any page can post to /share-target, so nothing is saved until the signed-in user has
 * seen what is waiting and pressed Save (`save`); Discard forgets it. The share is forgotten only once the
 * clip exists: a failure keeps it for Try again. A file the server refuses (over the size rule) is reported by
 * `onFileRefused`; the rest is still saved. "Send to a device" (`prepareSend`) sends the text as it is, or
 * saves the clip first when the share holds files (a send carries text or a clip).
 */
export function useSaveShare(onFileRefused: (file: File) => void) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const createClip = useCreateClip();
  const uploadFile = useUploadClipFile();
  const [state, setState] = useState<SaveShareState>('loading');
  const [waiting, setWaiting] = useState<Share>();

  const discard = async () => {
    await forgetShare();
    setWaiting(undefined);
    setState('nothing');
  };

  /** Makes the clip, its text and every file it can, and forgets the share: the clip holds it now. */
  const keepAsClip = async (share: Share): Promise<string> => {
    const clip = await createClip.mutateAsync(shareContent(share));
    await forgetShare();
    for (const file of share.files) {
      await uploadFile.mutateAsync({ clipId: clip.id, file }).catch(() => onFileRefused(file));
    }
    // The new clip belongs in the lists once its files are attached too (useCreateClip leaves this to us).
    await queryClient.invalidateQueries({ queryKey: clipKeys.all });
    return clip.id;
  };

  /** Saves the waiting share as a clip; undefined when nothing waits or it failed (the state says which). */
  const saveAsClip = async (): Promise<string | undefined> => {
    setState('saving');
    try {
      const share = await peekShare();
      if (share) return await keepAsClip(share);
      setState('nothing');
    } catch {
      setState('failed');
    }
    return undefined;
  };

  const save = async () => {
    const clipId = await saveAsClip();
    if (clipId) await navigate(`/clips/${clipId}`, { replace: true });
  };

  /** What "Send to a device" sends: the text alone as text; with files, the clip saved first. */
  const prepareSend = async (): Promise<SendContent | undefined> => {
    if (waiting && waiting.files.length === 0) return { text: shareContent(waiting) };
    const clipId = await saveAsClip();
    return clipId ? { clipId } : undefined;
  };

  useEffect(() => {
    let isCurrent = true;
    void peekShare()
      .catch(() => undefined)
      .then((share) => {
        if (!isCurrent) return;
        setWaiting(share);
        setState(share ? 'ready' : 'nothing');
      });
    return () => {
      isCurrent = false;
    };
  }, []);

  return { state, waiting, save: () => void save(), discard: () => void discard(), prepareSend };
}
