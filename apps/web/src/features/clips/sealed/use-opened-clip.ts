import type { Clip } from '@clipsync/shared';
import { ShareKey, textNeedsPassword } from '@clipsync/shared/crypto';
import { useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { sealedKeyStore } from '../../../lib/sealed-key-store';
import { useSealedClipKey } from '../../../session/use-sealed-clipboard';
import { useOpenedText } from '../../../lib/use-opened-text';
import { clipSealer, type ClipSealer } from '../../../lib/clip-sealer';

/** What an opened end-to-end encrypted clip's page holds: its key, its seal for the owner's saves. */
export interface ClipEncryption {
  key: ShareKey;
  seal: ClipSealer;
  /** `k=…`, for the share dialog's link. */
  fragment: string;
}

export type ClipOpening =
  | { state: 'plain'; clip: Clip }
  /** The envelope was sealed with a password: asked before trying; `hasFailed` after a wrong one. */
  | { state: 'password'; hasFailed: boolean; submit: (password: string) => void }
  | { state: 'opening' }
  /** Sealed by its owner's encrypted clipboard, and this device has not unlocked it. */
  | { state: 'locked' }
  /** Missing or cut key, wrong password, altered data: one failure, as AES-GCM cannot tell them apart. */
  | { state: 'failed'; isSealed: boolean }
  | { state: 'open'; clip: Clip; encryption: ClipEncryption };

const hasLinkKey = (hash: string) => /[#&]k=/.test(hash.startsWith('#') ? hash : `#${hash}`);

/**
 * An end-to-end encrypted clip opened in the browser: the key from the link's fragment (anyone holding
 * the link), else its owner's: the sealed clipboard's wrapped key opened with this device's sealing key, or
 * the key kept on this device for a clip encrypted on its own; the password asked first when the text was
 * sealed with one; the text opened, and opened again each time a live update or a save brings a new
 * envelope (the last one stays on screen meanwhile, so an editor keeps its place). A clip that is not
 * encrypted passes through.
 */
export function useOpenedClip(clip: Clip): ClipOpening {
  const { hash } = useLocation();
  const [typedPassword, setTypedPassword] = useState<string | null>(null);
  const isLinkKeyed = hasLinkKey(hash);
  // Only the owner's answers carry a wrapped key; a link's own key comes first (it may be another clip's copy).
  const sealed = useSealedClipKey(clip.encrypted && !isLinkKeyed ? clip.wrappedKey : null);
  const sealedKey = sealed.state === 'open' ? sealed.key : null;
  // The kept key is its owner's: someone else using this browser (signed out, or another account) still
  // needs the link with its key, as anyone does.
  const stored = clip.encrypted && clip.abilities.update && !clip.wrappedKey ? sealedKeyStore.get(clip.id) : null;
  const fragment = isLinkKeyed ? hash : (stored?.fragment ?? '');
  // The owner's stored password goes with their stored key only, never with a key from another link.
  const storedPassword = stored && fragment.endsWith(stored.fragment) ? stored.password : undefined;
  const password = typedPassword ?? storedPassword;
  const key = useMemo(() => {
    if (sealedKey) return sealedKey;
    try {
      return ShareKey.fromFragment(fragment, { password });
    } catch {
      return null;
    }
  }, [sealedKey, fragment, password]);
  const envelope = clip.encrypted ? clip.content : '';
  const needsPassword = useMemo(() => {
    try {
      return envelope !== '' && textNeedsPassword(envelope);
    } catch {
      return null;
    }
  }, [envelope]);
  const isReady = clip.encrypted && key !== null && needsPassword !== null && (!needsPassword || key.hasPassword);
  const text = useOpenedText(isReady ? envelope : null, key);
  const encryption = useMemo(() => key && { key, seal: clipSealer(key), fragment: key.fragment }, [key]);

  if (!clip.encrypted) return { state: 'plain', clip };
  if (sealed.state === 'locked') return { state: 'locked' };
  if (sealed.state === 'loading') return { state: 'opening' };
  const isSealed = sealedKey !== null || sealed.state === 'failed';
  if (!key || needsPassword === null) return { state: 'failed', isSealed };
  if (needsPassword && (!key.hasPassword || (text.hasFailed && typedPassword !== null))) {
    return { state: 'password', hasFailed: text.hasFailed && typedPassword !== null, submit: setTypedPassword };
  }
  if (text.hasFailed) return { state: 'failed', isSealed };
  if (text.value === undefined || !encryption) return { state: 'opening' };
  return { state: 'open', clip: { ...clip, content: text.value }, encryption };
}
