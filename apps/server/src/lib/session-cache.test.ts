import { describe, expect, test } from 'vitest';
import { SessionCache } from './session-cache';

/** A session table in memory: each lookup counted, each answer controlled by the test. */
function harness(options: { maxEntries?: number; maxAgeMs?: number } = {}) {
  let now = 1_000_000;
  const expiries = new Map<string, Date | null>();
  const lookups: string[] = [];
  let pending: Array<() => void> = [];
  let paused = false;
  const cache = new SessionCache(
    async (sessionId) => {
      lookups.push(sessionId);
      if (paused) await new Promise<void>((resolve) => pending.push(resolve));
      return expiries.get(sessionId) ?? null;
    },
    { maxEntries: options.maxEntries ?? 100, maxAgeMs: options.maxAgeMs ?? 60_000, now: () => now },
  );
  return {
    cache,
    lookups,
    live: (id: string, msLeft = 3_600_000) => expiries.set(id, new Date(now + msLeft)),
    gone: (id: string) => expiries.set(id, null),
    advance: (ms: number) => (now += ms),
    pause: () => (paused = true),
    resume: () => {
      paused = false;
      pending.forEach((resolve) => resolve());
      pending = [];
    },
  };
}

describe('SessionCache', () => {
  test('a live session is read once, then believed until the maximum age', async () => {
    const h = harness({ maxAgeMs: 60_000 });
    h.live('s1');
    expect(await h.cache.isActive('s1')).toBe(true);
    expect(await h.cache.isActive('s1')).toBe(true);
    expect(h.lookups).toEqual(['s1']);
    h.advance(60_001);
    h.gone('s1');
    expect(await h.cache.isActive('s1')).toBe(false);
    expect(h.lookups).toEqual(['s1', 's1']);
  });

  test('never believed past the session’s own expiry', async () => {
    const h = harness({ maxAgeMs: 60_000 });
    h.live('s1', 5_000);
    expect(await h.cache.isActive('s1')).toBe(true);
    h.advance(5_001);
    expect(await h.cache.isActive('s1')).toBe(false);
  });

  test('revocation is immediate, and a revoked session stays revoked without another read', async () => {
    const h = harness();
    h.live('s1');
    expect(await h.cache.isActive('s1')).toBe(true);
    h.cache.revoke('s1');
    expect(await h.cache.isActive('s1')).toBe(false);
    h.advance(3_600_000);
    expect(await h.cache.isActive('s1')).toBe(false);
    expect(h.lookups).toEqual(['s1']);
  });

  test('a revocation during the read wins over the live row the read saw', async () => {
    const h = harness();
    h.live('s1');
    h.pause();
    const answer = h.cache.isActive('s1');
    h.cache.revoke('s1');
    h.resume();
    expect(await answer).toBe(false);
    expect(await h.cache.isActive('s1')).toBe(false);
  });

  test('an unknown session is refused and not read again', async () => {
    const h = harness();
    expect(await h.cache.isActive('nope')).toBe(false);
    expect(await h.cache.isActive('nope')).toBe(false);
    expect(h.lookups).toEqual(['nope']);
  });

  test('bounded: the session read longest ago is forgotten first', async () => {
    const h = harness({ maxEntries: 2 });
    ['a', 'b', 'c'].forEach((id) => h.live(id));
    await h.cache.isActive('a');
    await h.cache.isActive('b');
    await h.cache.isActive('c');
    await h.cache.isActive('b');
    await h.cache.isActive('c');
    expect(h.lookups).toEqual(['a', 'b', 'c']);
    await h.cache.isActive('a');
    expect(h.lookups).toEqual(['a', 'b', 'c', 'a']);
  });
});
