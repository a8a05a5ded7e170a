import { describe, expect, test } from 'vitest';
import { effectiveRetentionDays, retentionCutoff, storedRetentionDays } from './history-retention.rules';

describe("the days a history is kept: the user's choice, capped by the operator", () => {
  test.each([
    { chosen: null, cap: null, kept: null },
    { chosen: 30, cap: null, kept: 30 },
    { chosen: null, cap: 90, kept: 90 },
    { chosen: 30, cap: 90, kept: 30 },
    { chosen: 30, cap: 14, kept: 14 },
    { chosen: 1, cap: 1, kept: 1 },
  ])('chosen $chosen, cap $cap: kept $kept days', ({ chosen, cap, kept }) => {
    expect(effectiveRetentionDays(chosen, cap)).toBe(kept);
  });

  test('a clip made more than the days ago has expired', () => {
    const now = new Date('2026-11-29T12:00:00Z');
    expect(retentionCutoff(now, 1).toISOString()).toBe('2026-11-28T12:00:00.000Z');
    expect(retentionCutoff(now, 30).toISOString()).toBe('2026-10-30T12:00:00.000Z');
  });

  test('a stored number that is no choice reads as forever', () => {
    expect(storedRetentionDays(7)).toBe(7);
    expect(storedRetentionDays(null)).toBeNull();
    expect(storedRetentionDays(5)).toBeNull();
  });
});
