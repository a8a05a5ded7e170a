import { describe, expect, test, vi } from 'vitest';
import { createAttemptLimiter, describeWait } from './attempt-limiter';

describe('createAttemptLimiter (in memory)', () => {
  test('allows max attempts per key per window, then says how long to wait', async () => {
    const limiter = createAttemptLimiter({ max: 2, windowMs: 60_000 });
    expect(await limiter.hit('a')).toBe(0);
    expect(await limiter.hit('a')).toBe(0);
    expect(await limiter.hit('a')).toBe(60);
    expect(await limiter.hit('b')).toBe(0);
  });

  test('a new window starts once the old one ends', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const limiter = createAttemptLimiter({ max: 1, windowMs: 1000 });
      await limiter.hit('a');
      expect(await limiter.hit('a')).toBeGreaterThan(0);
      vi.advanceTimersByTime(1001);
      expect(await limiter.hit('a')).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  test('check counts nothing and tells when the limit is already reached', async () => {
    const limiter = createAttemptLimiter({ max: 2, windowMs: 60_000 });
    expect(await limiter.check('a')).toBe(0);
    await limiter.hit('a');
    expect(await limiter.check('a')).toBe(0);
    await limiter.hit('a');
    expect(await limiter.check('a')).toBe(60);
    expect(await limiter.check('a')).toBe(60);
    expect(await limiter.check('b')).toBe(0);
  });

  test('left counts nothing and tells how many attempts the window still allows', async () => {
    const limiter = createAttemptLimiter({ max: 2, windowMs: 60_000 });
    expect(await limiter.left('a')).toBe(2);
    await limiter.hit('a');
    expect(await limiter.left('a')).toBe(1);
    await limiter.hit('a');
    await limiter.hit('a');
    expect(await limiter.left('a')).toBe(0);
  });
});

describe('describeWait', () => {
  test('minutes from a minute up, rounded up; seconds below', () => {
    expect(describeWait(892)).toBe('15 minutes');
    expect(describeWait(60)).toBe('1 minute');
    expect(describeWait(61)).toBe('2 minutes');
    expect(describeWait(59)).toBe('59 seconds');
    expect(describeWait(1)).toBe('1 second');
  });
});
