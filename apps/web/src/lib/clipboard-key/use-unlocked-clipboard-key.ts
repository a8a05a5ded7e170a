import { useEffect, useSyncExternalStore } from 'react';
import { unlockedKeyStore, type UnlockedClipboardKey } from './unlocked-key-store';

export type UnlockedKeyState = { isLoading: true; key: null } | { isLoading: false; key: UnlockedClipboardKey | null };

/**
 * The clipboard key this device holds for `userId`, looked up once (this tab, then IndexedDB). A held key whose
 * id is not `keyId` (the server's, from the status) is stale, from a key turned off and on again elsewhere: it is
 * forgotten, and the device reads as locked. With no `keyId` (not sealed, or not turned on yet) nothing is judged.
 */
export function useUnlockedClipboardKey(userId: string, keyId: string | null): UnlockedKeyState {
  const snapshot = useSyncExternalStore(unlockedKeyStore.subscribe, unlockedKeyStore.snapshot);
  const isLookedUp = snapshot.userId === userId;
  const isStale = isLookedUp && snapshot.key !== null && keyId !== null && snapshot.key.keyId !== keyId;

  useEffect(() => {
    if (!isLookedUp) void unlockedKeyStore.load(userId);
    else if (isStale) void unlockedKeyStore.lock(userId);
  }, [isLookedUp, isStale, userId]);

  if (!isLookedUp) return { isLoading: true, key: null };
  return { isLoading: false, key: isStale ? null : snapshot.key };
}
