import type { Clip } from '@clipsync/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCreateClip, useCreateEncryptedClip } from '../api/clip-mutations';
import { ApiError } from '../api/client';
import { clipboardKeyKeys } from '../api/clipboard-key-queries';
import { clipSealer, type ClipSealer } from '../lib/clip-sealer';
import { newClipKey } from '../lib/clipboard-key/clip-keys';
import { useSealedClipboard } from '../session/use-sealed-clipboard';

/** Thrown instead of saving: the account's clipboard is encrypted end to end and this device is locked. */
export class ClipboardLockedError extends Error {
  constructor() {
    super('This device has not unlocked the clipboard key');
  }
}

/** A clip just made, and what its files go through before upload (null: stored as they are). */
export interface NewAccountClip {
  clip: Clip;
  seal: ClipSealer | null;
}

/**
 * Makes a clip as the account keeps them: in clear, or sealed on this device when its clipboard is encrypted end
 * to end (a fresh clip key, wrapped by the account's). A server that answers CLIPBOARD_SEALED knows of a key this
 * page did not yet: the status is asked again, and the person told to unlock.
 */
export function useAccountNewClip() {
  const queryClient = useQueryClient();
  const clipboard = useSealedClipboard();
  const createClip = useCreateClip();
  const createEncryptedClip = useCreateEncryptedClip();
  return async (text: string): Promise<NewAccountClip> => {
    if (clipboard.state === 'locked' || clipboard.state === 'loading') throw new ClipboardLockedError();
    try {
      if (clipboard.state === 'off') return { clip: await createClip.mutateAsync(text), seal: null };
      const { key, wrappedKey } = await newClipKey(clipboard.sealingKey);
      const seal = clipSealer(key);
      const envelope = text === '' ? '' : await seal.sealText(text);
      return { clip: await createEncryptedClip.mutateAsync({ envelope, wrappedKey }), seal };
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== 'CLIPBOARD_SEALED') throw error;
      await queryClient.invalidateQueries({ queryKey: clipboardKeyKeys.status });
      throw new ClipboardLockedError();
    }
  };
}
