import { describe, expect, test } from 'vitest';
import { makeBilling } from '../test/billing-fixtures';
import { billingHeadline, hasLiveSubscription } from './billing-summary';

describe('billingHeadline', () => {
  test.each([
    ['the free trial counts its days', makeBilling({}), { key: 'billing.trialDaysLeft', plan: null, count: 5 }],
    [
      'a paid plan names itself',
      makeBilling({ plan: 'pro', status: 'active', trialDaysLeft: 0 }),
      { key: 'billing.planName', plan: 'pro', count: 0 },
    ],
    [
      'a plan bought during the trial names itself',
      makeBilling({ plan: 'basic', status: 'trialing', trialDaysLeft: 3 }),
      { key: 'billing.planName', plan: 'basic', count: 3 },
    ],
    [
      'a failed payment keeps the plan',
      makeBilling({ plan: 'advanced', status: 'past_due', trialDaysLeft: 0 }),
      { key: 'billing.planName', plan: 'advanced', count: 0 },
    ],
    [
      'an ended trial has no plan',
      makeBilling({ status: 'canceled', trialEndsAt: null, trialDaysLeft: 0 }),
      { key: 'billing.noPlan', plan: null, count: 0 },
    ],
    [
      'a canceled subscription has no plan',
      makeBilling({ plan: 'pro', status: 'canceled', trialDaysLeft: 0 }),
      { key: 'billing.noPlan', plan: null, count: 0 },
    ],
  ])('%s', (_name, input, expected) => expect(billingHeadline(input)).toEqual(expected));
});

describe('hasLiveSubscription', () => {
  test('a plan not canceled is live; no plan or a canceled one is not', () => {
    expect(hasLiveSubscription(makeBilling({ plan: 'pro', status: 'active' }))).toBe(true);
    expect(hasLiveSubscription(makeBilling({ plan: 'pro', status: 'past_due' }))).toBe(true);
    expect(hasLiveSubscription(makeBilling({ plan: 'pro', status: 'canceled' }))).toBe(false);
    expect(hasLiveSubscription(makeBilling({}))).toBe(false);
  });
});
