/**
 * Which sessions are live, remembered for a short while, so that an authenticated request or socket write
 * does not read its session row every time (the read was a query on every call: docs/decisions/017-session-cache.md).
 *
 * Revocation stays immediate: logout, refresh-token reuse and password resets emit `session.revoked`,
 * which marks the session revoked here before the next call is checked, and which other nodes hear
 * through the socket adapter (Redis) within its delivery time. A revoked, expired or unknown session
 * never becomes live again, so what is remembered as not live is kept until evicted; what is live is
 * looked up again after `maxAgeMs`, and never past the session's own expiry.
 */
export interface SessionCacheOptions {
  /** Sessions remembered at most; the one read longest ago is forgotten first. */
  maxEntries: number;
  /** A live session is read from the database again after this long. */
  maxAgeMs: number;
  now?: () => number;
}

interface Entry {
  live: boolean;
  /** Until when `live: true` may be believed (ms since the epoch). */
  until: number;
}

export const SESSION_CACHE_DEFAULTS: SessionCacheOptions = { maxEntries: 10_000, maxAgeMs: 60_000 };

export class SessionCache {
  readonly #entries = new Map<string, Entry>();
  readonly #now: () => number;

  /** @param lookup the session's expiry when it is live in the database, else null. */
  constructor(
    private readonly lookup: (sessionId: string) => Promise<Date | null>,
    private readonly options: SessionCacheOptions = SESSION_CACHE_DEFAULTS,
  ) {
    this.#now = options.now ?? Date.now;
  }

  async isActive(sessionId: string): Promise<boolean> {
    const now = this.#now();
    const known = this.#entries.get(sessionId);
    if (known && !known.live) return false;
    if (known && known.until > now) return true;
    const expiresAt = await this.lookup(sessionId);
    // Revoked while the row was read: the revocation wins over what the read saw.
    if (this.#entries.get(sessionId)?.live === false) return false;
    const expiry = expiresAt?.getTime() ?? 0;
    const live = expiry > now;
    this.#remember(sessionId, { live, until: live ? Math.min(now + this.options.maxAgeMs, expiry) : 0 });
    return live;
  }

  revoke(sessionId: string): void {
    this.#remember(sessionId, { live: false, until: 0 });
  }

  #remember(sessionId: string, entry: Entry): void {
    // Re-inserting moves the session to the young end of the Map's order, which eviction reads from the old end.
    this.#entries.delete(sessionId);
    this.#entries.set(sessionId, entry);
    if (this.#entries.size > this.options.maxEntries) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
  }
}
