import type { ShareKey } from '@clipsync/shared/crypto';
import { useContext, useEffect, useState } from 'react';
import { useClipboardKeyStatus } from '../api/clipboard-key-queries';
import { clipKeyOf, openedClipKeyOf } from '../lib/clipboard-key/clip-keys';
import { useUnlockedClipboardKey } from '../lib/clipboard-key/use-unlocked-clipboard-key';
import { AuthContext } from './auth-context';

/**
 * Whether the signed-in account's clipboard is encrypted end to end, and whether this device holds its key:
 * `off` (plain clips, and signed out), `locked` (sealed, not unlocked here: its clips show "Locked"), `unlocked`
 * (the sealing key that opens and makes sealed clips). `loading` until both are known: nothing is made or shown
 * as plain meanwhile.
 */
export type SealedClipboard =
  { state: 'loading' } | { state: 'off' } | { state: 'locked' } | { state: 'unlocked'; sealingKey: CryptoKey };

export function useSealedClipboard(): SealedClipboard {
  // Read without useAuth's demand for a provider: a card or a clip page rendered on its own has nobody signed in.
  const user = useContext(AuthContext)?.user ?? null;
  const status = useClipboardKeyStatus(user !== null);
  const unlocked = useUnlockedClipboardKey(user?.id ?? '', status.data?.keyId ?? null);
  if (!user) return { state: 'off' };
  if (!status.data) return status.isError ? { state: 'off' } : { state: 'loading' };
  if (!status.data.enabled) return { state: 'off' };
  if (unlocked.isLoading) return { state: 'loading' };
  return unlocked.key ? { state: 'unlocked', sealingKey: unlocked.key.sealingKey } : { state: 'locked' };
}

/** A sealed clip's key on this device: `none` for a clip that is not sealed (`wrappedKey` null). */
export type SealedClipKey =
  | { state: 'none' }
  | { state: 'loading' }
  | { state: 'locked' }
  /** The wrapped key does not open with this account's key: altered, or another account's. */
  | { state: 'failed' }
  | { state: 'open'; key: ShareKey };

/** The clip key wrapped in `wrappedKey`, opened with this device's sealing key (once a page per clip). */
export function useSealedClipKey(wrappedKey: string | null | undefined): SealedClipKey {
  const sealed = useSealedClipboard();
  const sealingKey = sealed.state === 'unlocked' ? sealed.sealingKey : null;
  const ready = sealingKey && wrappedKey ? openedClipKeyOf(sealingKey, wrappedKey) : undefined;
  const [opened, setOpened] = useState<{ wrappedKey: string; key: ShareKey | null } | null>(null);
  useEffect(() => {
    if (!sealingKey || !wrappedKey || ready) return;
    let isCurrent = true;
    clipKeyOf(sealingKey, wrappedKey).then(
      (key) => isCurrent && setOpened({ wrappedKey, key }),
      () => isCurrent && setOpened({ wrappedKey, key: null }),
    );
    return () => {
      isCurrent = false;
    };
  }, [sealingKey, wrappedKey, ready]);

  if (!wrappedKey) return { state: 'none' };
  if (sealed.state === 'loading') return { state: 'loading' };
  // Off with a sealed clip left: the key was turned off elsewhere mid-way; nothing here can open it.
  if (!sealingKey) return { state: 'locked' };
  if (ready) return { state: 'open', key: ready };
  if (opened?.wrappedKey !== wrappedKey) return { state: 'loading' };
  return opened.key ? { state: 'open', key: opened.key } : { state: 'failed' };
}
