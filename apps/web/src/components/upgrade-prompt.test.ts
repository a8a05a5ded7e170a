import { describe, expect, test } from 'vitest';
import { ApiError } from '../api/client';
import { createUpgradePrompt } from './upgrade-prompt';

describe('upgrade prompt', () => {
  test('offers the plan of a PLAN_REQUIRED refusal, and nothing for other errors', () => {
    const prompt = createUpgradePrompt();
    expect(prompt.offerFor(new ApiError('Forbidden', 403, 'FORBIDDEN'))).toBe(false);
    expect(prompt.offerFor(new Error('network'))).toBe(false);
    expect(prompt.getOffered()).toBeNull();
    expect(prompt.offerFor(new ApiError('Sharing needs Pro', 402, 'PLAN_REQUIRED', 'pro'))).toBe(true);
    expect(prompt.getOffered()).toBe('pro');
  });

  test('one prompt at a time; a dismissed plan is not offered again for 30 s, another plan is', () => {
    let now = 0;
    const prompt = createUpgradePrompt({ now: () => now });
    const seen: Array<string | null> = [];
    prompt.subscribe((plan) => seen.push(plan));
    prompt.offer('pro');
    prompt.offer('advanced');
    expect(prompt.getOffered()).toBe('pro');
    prompt.dismiss();
    now = 29_000;
    prompt.offer('pro');
    expect(prompt.getOffered()).toBeNull();
    prompt.offer('advanced');
    expect(prompt.getOffered()).toBe('advanced');
    prompt.dismiss();
    now = 60_000;
    prompt.offer('pro');
    expect(seen).toEqual(['pro', null, 'advanced', null, 'pro']);
  });
});
