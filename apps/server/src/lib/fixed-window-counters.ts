/** A key's count in its current window, and the milliseconds left until that window ends. */
export interface WindowCount {
  count: number;
  ttlMs: number;
}

/**
 * Fixed-window counters in this process: what every limit counts with when there is no Redis, and what a
 * Redis-backed limit falls back to while Redis is unreachable, so that an outage loosens a limit to one
 * node's share rather than lifting it. At most `maxKeys` windows are kept: expired ones go first, then the
 * oldest, so a flood of new keys cannot grow memory without bound.
 */
export class FixedWindowCounters {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly maxKeys = 100_000) {}

  /** Counts one under `key`. */
  hit(key: string, windowMs: number): WindowCount {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      this.windows.delete(key);
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
      if (this.windows.size > this.maxKeys) this.evict(now);
    }
    window.count += 1;
    return { count: window.count, ttlMs: window.resetAt - now };
  }

  /** The key's count, counting nothing. */
  peek(key: string): WindowCount {
    const now = Date.now();
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now) return { count: 0, ttlMs: 0 };
    return { count: window.count, ttlMs: window.resetAt - now };
  }

  private evict(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
    // Map order is insertion order: the first keys are the oldest windows.
    for (const key of this.windows.keys()) {
      if (this.windows.size <= this.maxKeys) break;
      this.windows.delete(key);
    }
  }
}
