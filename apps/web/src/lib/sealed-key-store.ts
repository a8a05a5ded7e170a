/**
 * The owner's keys to their end-to-end encrypted clips, kept on the device that made them and nowhere
 * else (docs/encryption.md): the server never receives a key, so this is what lets the owner's history
 * and clip page open their own clip later without the link. The password, when one was set, is kept
 * beside the key: both protect against a leaked link, not against someone holding this browser.
 */
export interface StoredClipKey {
  /** `k=<base64url>`, as it follows the `#` of the clip's link. */
  fragment: string;
  password?: string;
}

// Stored data, not a name in the code: renaming it would lose every key browsers already hold.
const KEY_PREFIX = 'e2eClipKey:';

export const sealedKeyStore = {
  get(clipId: string): StoredClipKey | null {
    try {
      const raw = localStorage.getItem(KEY_PREFIX + clipId);
      const value: unknown = raw ? JSON.parse(raw) : null;
      if (typeof value !== 'object' || value === null) return null;
      const { fragment, password } = value as Record<string, unknown>;
      if (typeof fragment !== 'string') return null;
      return typeof password === 'string' && password !== '' ? { fragment, password } : { fragment };
    } catch {
      return null;
    }
  },
  remember(clipId: string, key: StoredClipKey): void {
    try {
      localStorage.setItem(KEY_PREFIX + clipId, JSON.stringify(key));
    } catch {
      // Storage full or refused (private mode): the link still carries the key; only this shortcut is lost.
    }
  },
  forget(clipId: string): void {
    localStorage.removeItem(KEY_PREFIX + clipId);
  },
};
