import { describe, expect, test } from 'vitest';
import { VersionedCache } from './versioned-cache';

function cacheAt(options: { maxGroups?: number; maxKeysPerGroup?: number; maxAgeMs?: number } = {}) {
  const clock = { now: 0 };
  const cache = new VersionedCache<string>({
    maxGroups: options.maxGroups ?? 10,
    maxKeysPerGroup: options.maxKeysPerGroup ?? 10,
    maxAgeMs: options.maxAgeMs ?? 30_000,
    now: () => clock.now,
  });
  return { cache, clock };
}

describe('VersionedCache', () => {
  test('serves an answer only under the version it was built from', () => {
    const { cache } = cacheAt();
    cache.set('room', 'alice', 'v1', 'body');
    expect(cache.get('room', 'alice', 'v1')).toBe('body');
    expect(cache.get('room', 'alice', 'v2')).toBeUndefined();
    expect(cache.get('room', 'bob', 'v1')).toBeUndefined();
  });

  test('forgets a whole group at once', () => {
    const { cache } = cacheAt();
    cache.set('room', 'alice', 'v1', 'a');
    cache.set('room', 'bob', 'v1', 'b');
    cache.set('other', 'alice', 'v1', 'c');
    cache.forget('room');
    expect(cache.get('room', 'alice', 'v1')).toBeUndefined();
    expect(cache.get('room', 'bob', 'v1')).toBeUndefined();
    expect(cache.get('other', 'alice', 'v1')).toBe('c');
  });

  test('an answer older than the maximum age is not served', () => {
    const { cache, clock } = cacheAt({ maxAgeMs: 1000 });
    cache.set('room', 'alice', 'v1', 'body');
    clock.now = 1000;
    expect(cache.get('room', 'alice', 'v1')).toBe('body');
    clock.now = 1001;
    expect(cache.get('room', 'alice', 'v1')).toBeUndefined();
  });

  test('bounded in groups and in keys per group, the oldest dropped first', () => {
    const { cache } = cacheAt({ maxGroups: 2, maxKeysPerGroup: 2 });
    cache.set('g1', 'k', 'v', '1');
    cache.set('g2', 'k', 'v', '2');
    cache.set('g3', 'k', 'v', '3');
    expect(cache.get('g1', 'k', 'v')).toBeUndefined();
    expect(cache.get('g3', 'k', 'v')).toBe('3');
    cache.set('g3', 'a', 'v', 'a');
    cache.set('g3', 'b', 'v', 'b');
    expect(cache.get('g3', 'k', 'v')).toBeUndefined();
    expect(cache.get('g3', 'a', 'v')).toBe('a');
    expect(cache.get('g3', 'b', 'v')).toBe('b');
  });
});

describe('VersionedCache bounded in weight', () => {
  const weighed = (maxWeight: number) =>
    new VersionedCache<string>({
      maxGroups: 10,
      maxKeysPerGroup: 10,
      maxAgeMs: 30_000,
      weigh: (value) => value.length,
      maxWeight,
    });

  test('the oldest groups go while the answers together weigh more than the bound', () => {
    const cache = weighed(10);
    cache.set('g1', 'k', 'v', 'aaaa');
    cache.set('g2', 'k', 'v', 'bbbb');
    cache.set('g3', 'k', 'v', 'cccc');
    expect(cache.get('g1', 'k', 'v')).toBeUndefined();
    expect(cache.get('g2', 'k', 'v')).toBe('bbbb');
    expect(cache.get('g3', 'k', 'v')).toBe('cccc');
    // Replacing, forgetting and evicting give their weight back.
    cache.set('g3', 'k', 'v2', 'cc');
    cache.forget('g2');
    cache.set('g4', 'k', 'v', 'dddddddd');
    expect(cache.get('g3', 'k', 'v2')).toBe('cc');
    expect(cache.get('g4', 'k', 'v')).toBe('dddddddd');
  });

  test('an answer heavier than the whole bound is not kept, and does not empty the cache', () => {
    const cache = weighed(10);
    cache.set('g1', 'k', 'v', 'aaaa');
    cache.set('g2', 'k', 'v', 'x'.repeat(11));
    expect(cache.get('g2', 'k', 'v')).toBeUndefined();
    expect(cache.get('g1', 'k', 'v')).toBe('aaaa');
  });
});
