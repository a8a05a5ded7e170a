import { describe, expect, test } from 'vitest';
import { rangeStart } from './clip-filters';

describe('rangeStart (today, week, month: at most 0, 7, 30 whole days old)', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const ageInDays = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);

  test.each([
    ['today', 0.9, true],
    ['today', 1.1, false],
    ['week', 7.9, true],
    ['week', 8.1, false],
    ['month', 30.5, true],
    ['month', 31.1, false],
  ] as const)('%s includes a clip %s days old: %s', (range, days, included) => {
    const start = rangeStart(range, now);
    expect(start && ageInDays(days) > start).toBe(included);
  });

  test('all has no lower bound', () => {
    expect(rangeStart('all', now)).toBeNull();
  });
});
