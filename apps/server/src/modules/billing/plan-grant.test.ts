import { PLAN_ENTITLEMENTS } from '@clipsync/shared';
import { describe, expect, test } from 'vitest';
import {
  activeGrantOf,
  entitlementsOf,
  planSourceOf,
  type BillingAccountRow,
  type BillingState,
} from './billing-state';
import { toBillingResponse } from './billing.presenter';

const DAY_MS = 24 * 60 * 60 * 1000;
const now = new Date('2026-06-01T12:00:00Z');
const daysFromNow = (days: number) => new Date(now.getTime() + days * DAY_MS);

const stripeAdvanced = {
  plan: 'advanced',
  interval: 'month',
  status: 'active',
  currentPeriodEnd: daysFromNow(20),
  cancelAtPeriodEnd: false,
} as BillingAccountRow;

const stateOf = (overrides: Partial<BillingState>): BillingState => ({
  userCreatedAt: daysFromNow(-60),
  account: undefined,
  ...overrides,
});

describe("an admin's plan grant", () => {
  test.each([
    ['wins over the trial', stateOf({ userCreatedAt: daysFromNow(-1), grant: { plan: 'pro', until: daysFromNow(5) } })],
    ['wins over Stripe', stateOf({ account: stripeAdvanced, grant: { plan: 'pro', until: daysFromNow(5) } })],
    ['gives its plan after the trial', stateOf({ grant: { plan: 'pro', until: daysFromNow(5) } })],
  ])('%s while it lasts', (_name, state) => {
    expect(entitlementsOf(state, now)).toEqual(PLAN_ENTITLEMENTS.pro);
    expect(planSourceOf(state, now, true)).toEqual({ plan: 'pro', source: 'admin', until: daysFromNow(5) });
    expect(toBillingResponse(state, now)).toMatchObject({
      plan: 'pro',
      status: 'active',
      renewsAt: daysFromNow(5).toISOString(),
      cancelAtPeriodEnd: true,
    });
  });

  test('counts for nothing once its date has passed: Stripe, the trial or nothing again', () => {
    const ended = { plan: 'advanced', until: now } as const;
    expect(activeGrantOf(stateOf({ grant: ended }), now)).toBeUndefined();
    expect(entitlementsOf(stateOf({ grant: ended }), now)).toEqual([]);
    expect(planSourceOf(stateOf({ grant: ended }), now, true)).toEqual({ plan: null, source: 'none', until: null });
    expect(planSourceOf(stateOf({ grant: ended, account: stripeAdvanced }), now, true)).toEqual({
      plan: 'advanced',
      source: 'stripe',
      until: daysFromNow(20),
    });
    expect(planSourceOf(stateOf({ grant: ended, userCreatedAt: now }), now, true).source).toBe('trial');
  });
});
