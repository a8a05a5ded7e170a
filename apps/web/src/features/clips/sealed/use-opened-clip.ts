import type { Clip } from '@clipsync/shared';
import { ShareKey, textNeedsPassword } from '@clipsync/shared/crypto';
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { sealedKeyStore } from '../../../lib/sealed-key-store';
import { clipSealer, openText, openedTextOf, type ClipSealer } from './clip-sealer';

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
  /** Missing or cut key, wrong password, altered data: one failure, as AES-GCM cannot tell them apart. */
  | { state: 'failed' }
  | { state: 'open'; clip: Clip; encryption: ClipEncryption };

const hasLinkKey = (hash: string) => /[#&]k=/.test(hash.startsWith('#') ? hash : `#${hash}`);

/**
 * An end-to-end encrypted clip opened in the browser: the key from the link's fragment (anyone holding
 * the link), else the one kept on this device for its owner; the password asked first when the text was
 * sealed with one; the text opened, and opened again each time a live update or a save brings a new
 * envelope (the last one stays on screen meanwhile, so an editor keeps its place). A clip that is not
 * encrypted passes through.
 */
export function useOpenedClip(clip: Clip): ClipOpening {
  const { hash } = useLocation();
  const [typedPassword, setTypedPassword] = useState<string | null>(null);
  // The kept key is its owner's: someone else using this browser (signed out, or another account) still
  // needs the link with its key, as anyone does.
  const stored = clip.encrypted && clip.abilities.update ? sealedKeyStore.get(clip.id) : null;
  const fragment = hasLinkKey(hash) ? hash : (stored?.fragment ?? '');
  // The owner's stored password goes with their stored key only, never with a key from another link.
  const storedPassword = stored && fragment.endsWith(stored.fragment) ? stored.password : undefined;
  const password = typedPassword ?? storedPassword;
  const key = useMemo(() => {
    try {
      return ShareKey.fromFragment(fragment, { password });
    } catch {
      return null;
    }
  }, [fragment, password]);
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
  if (!key || needsPassword === null) return { state: 'failed' };
  if (needsPassword && (!key.hasPassword || (text.hasFailed && typedPassword !== null))) {
    return { state: 'password', hasFailed: text.hasFailed && typedPassword !== null, submit: setTypedPassword };
  }
  if (text.hasFailed) return { state: 'failed' };
  if (text.value === undefined || !encryption) return { state: 'opening' };
  return { state: 'open', clip: { ...clip, content: text.value }, encryption };
}

interface OpenedText {
  key: ShareKey;
  envelope: string;
  value?: string;
  hasFailed: boolean;
}

/** The text of `envelope`, or the last one opened while a newer envelope is being opened. */
function useOpenedText(envelope: string | null, key: ShareKey | null) {
  const [last, setLast] = useState<OpenedText | null>(null);
  const cached = envelope !== null && key ? (envelope === '' ? '' : openedTextOf(key, envelope)) : undefined;
  useEffect(() => {
    if (envelope === null || !key || cached !== undefined) return;
    let isCurrent = true;
    openText(envelope, key).then(
      (value) => isCurrent && setLast({ key, envelope, value, hasFailed: false }),
      () => isCurrent && setLast({ key, envelope, hasFailed: true }),
    );
    return () => {
      isCurrent = false;
    };
  }, [envelope, key, cached]);
  if (cached !== undefined) return { value: cached, hasFailed: false };
  const isSameKey = last !== null && last.key === key;
  if (isSameKey && last.envelope === envelope) return { value: last.value, hasFailed: last.hasFailed };
  // A newer envelope is still being opened: the last text stays until it is.
  return { value: isSameKey ? last.value : undefined, hasFailed: false };
}
