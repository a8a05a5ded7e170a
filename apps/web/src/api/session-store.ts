import type { PublicUser, SessionTokens } from '@clipsync/shared';

/** The user and session are kept whole under these local-storage keys. */
const USER_KEY = 'user';
const SESSION_KEY = 'session';
/** The session's lifetime when new tokens arrive without an expiry. */
const SESSION_FALLBACK_SECONDS = 3600;

export type StoredSession = SessionTokens;

function readJson<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export const sessionStore = {
  getUser: () => readJson<PublicUser>(USER_KEY),
  getSession: () => readJson<StoredSession>(SESSION_KEY),
  save(user: PublicUser, session: StoredSession): void {
    localStorage.setItem(USER_KEY, JSON.stringify(user));
    localStorage.setItem(SESSION_KEY, JSON.stringify(session));
  },
  /** New tokens from a refresh or from response headers; expiry one hour on when the server gives none. */
  updateTokens(tokens: { accessToken?: string; refreshToken?: string; expiresAt?: number }): void {
    const current = readJson<StoredSession>(SESSION_KEY);
    if (!current) return;
    localStorage.setItem(
      SESSION_KEY,
      JSON.stringify({
        access_token: tokens.accessToken ?? current.access_token,
        refresh_token: tokens.refreshToken ?? current.refresh_token,
        expires_at: tokens.expiresAt ?? Math.floor(Date.now() / 1000) + SESSION_FALLBACK_SECONDS,
      }),
    );
  },
  clear(): void {
    localStorage.removeItem(USER_KEY);
    localStorage.removeItem(SESSION_KEY);
  },
};

/** Expired means expires_at × 1000 is not later than now. */
export function isSessionExpired(session: Pick<StoredSession, 'expires_at'>, now = Date.now()): boolean {
  return session.expires_at * 1000 <= now;
}

export const SESSION_EXPIRED_EVENT = 'auth:session-expired';

/** Why a session ended, when the server said: `ACCOUNT_DISABLED` (an admin disabled it) is told as such. */
export type SessionEndDetail = { code?: string };

/** Tells the session provider (this tab's) that the session is over, and why when it is known. */
export function announceSessionEnded(detail: SessionEndDetail = {}): void {
  window.dispatchEvent(new CustomEvent<SessionEndDetail>(SESSION_EXPIRED_EVENT, { detail }));
}
