import { describe, expect, test } from 'vitest';
import { canLinkDirectly, isProvedNear } from './nearness';

describe('nearness of a listed device', () => {
  test('proved near until its time runs out', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    expect(isProvedNear({ nearUntil: '2026-11-25T12:00:01Z' }, now)).toBe(true);
    expect(isProvedNear({ nearUntil: '2026-11-25T12:00:00Z' }, now)).toBe(false);
    expect(isProvedNear({ nearUntil: null }, now)).toBe(false);
    expect(isProvedNear({}, now)).toBe(false);
  });

  test('a direct link goes to another online browser or app, never a CLI or this device', () => {
    const other = { current: false, online: true, kind: 'browser' } as const;
    expect(canLinkDirectly(other)).toBe(true);
    expect(canLinkDirectly({ ...other, kind: 'app' })).toBe(true);
    expect(canLinkDirectly({ ...other, kind: 'cli' })).toBe(false);
    expect(canLinkDirectly({ ...other, online: false })).toBe(false);
    expect(canLinkDirectly({ ...other, current: true })).toBe(false);
  });
});
