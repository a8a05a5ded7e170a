import { describe, expect, test } from 'vitest';
import { relativeTime, timeUntil } from './relative-time';

const now = Date.parse('2026-11-22T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('relativeTime', () => {
  test.each([
    [0, { unit: 'now' }],
    [59_999, { unit: 'now' }],
    [60_000, { unit: 'minutes', count: 1 }],
    [59 * 60_000, { unit: 'minutes', count: 59 }],
    [3_600_000, { unit: 'hours', count: 1 }],
    [23 * 3_600_000, { unit: 'hours', count: 23 }],
    [86_400_000, { unit: 'days', count: 1 }],
    [6 * 86_400_000, { unit: 'days', count: 6 }],
  ])('%i ms ago → %o', (elapsed, expected) => {
    expect(relativeTime(ago(elapsed), now)).toEqual(expected);
  });

  test('seven days or more shows the date', () => {
    expect(relativeTime(ago(7 * 86_400_000), now)).toEqual({ unit: 'date', date: new Date(ago(7 * 86_400_000)) });
  });

  test('a clock slightly ahead of the browser still reads as just now', () => {
    expect(relativeTime(new Date(now + 5_000).toISOString(), now)).toEqual({ unit: 'now' });
  });
});

describe('timeUntil', () => {
  const from = Date.parse('2026-01-01T12:00:00Z');
  test('counts forward in the same steps, and names the date past 7 days', () => {
    expect(timeUntil('2026-01-01T12:00:30Z', from)).toEqual({ unit: 'now' });
    expect(timeUntil('2026-01-01T18:00:00Z', from)).toEqual({ unit: 'hours', count: 6 });
    expect(timeUntil('2026-01-08T11:00:00Z', from)).toEqual({ unit: 'days', count: 6 });
    expect(timeUntil('2026-01-31T12:00:00Z', from)).toEqual({ unit: 'date', date: new Date('2026-01-31T12:00:00Z') });
  });
});
