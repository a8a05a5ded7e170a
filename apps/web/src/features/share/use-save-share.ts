import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useCreateClip, useUploadClipFile } from '../../api/clip-mutations';
import { clipKeys } from '../../api/clip-queries';
import { forgetShare, peekShare, shareContent } from '../../pwa/share-inbox';

export type SaveShareState = 'saving' | 'nothing' | 'failed';

/**
 * Turns the share kept by the service worker (pwa/share-inbox.ts) into one clip, its text and its files,
 * then opens the clip. The share is forgotten only once the clip exists: a failure keeps it for Try again.
 * A file the server refuses (over the size rule) is reported by `onFileRefused`; the rest is still saved.
 */
export function useSaveShare(onFileRefused: (file: File) => void) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const createClip = useCreateClip();
  const uploadFile = useUploadClipFile();
  const [state, setState] = useState<SaveShareState>('saving');

  const save = async () => {
    setState('saving');
    try {
      const share = await peekShare();
      if (!share) return setState('nothing');
      const clip = await createClip.mutateAsync(shareContent(share));
      await forgetShare();
      for (const file of share.files) {
        await uploadFile.mutateAsync({ clipId: clip.id, file }).catch(() => onFileRefused(file));
      }
      // The new clip belongs in the lists once its files are attached too (useCreateClip leaves this to us).
      await queryClient.invalidateQueries({ queryKey: clipKeys.all });
      await navigate(`/clips/${clip.id}`, { replace: true });
    } catch {
      setState('failed');
    }
  };

  // StrictMode runs effects twice on mount, keeping refs: the ref makes sure only one clip is made.
  const hasStarted = useRef(false);
  const saveOnce = useEffectEvent(() => void save());
  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    saveOnce();
  }, []);

  return { state, retry: () => void save() };
}
