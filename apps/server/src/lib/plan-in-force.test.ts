import { describe, expect, test } from 'vitest';
import { planInForce, planStorageBytes, type PlanFields } from './plan-in-force';

const DAY = 24 * 60 * 60 * 1000;
const now = new Date('2026-11-27T12:00:00Z');
const daysFromNow = (days: number) => new Date(now.getTime() + days * DAY);

const fresh: PlanFields = {
  createdAt: daysFromNow(-1),
  grantedPlan: null,
  grantedPlanUntil: null,
  trialEndsAt: null,
  subscriptionPlan: null,
  subscriptionStatus: null,
  currentPeriodEnd: null,
};
const selling = { now, paymentsEnabled: true };
const free = { now, paymentsEnabled: false };

describe('planInForce', () => {
  test('a new account is in its trial where plans are sold, and has no plan where none are', () => {
    expect(planInForce(fresh, selling)).toEqual({ plan: null, source: 'trial', until: daysFromNow(6) });
    expect(planInForce(fresh, free)).toEqual({ plan: null, source: 'none', until: null });
  });

  test("an admin's grant is the plan until its end, with or without payments, over Stripe and the trial", () => {
    const granted = {
      ...fresh,
      grantedPlan: 'pro' as const,
      grantedPlanUntil: daysFromNow(30),
      subscriptionPlan: 'basic' as const,
      subscriptionStatus: 'active',
    };
    const expected = { plan: 'pro', source: 'admin', until: daysFromNow(30) };
    expect(planInForce(granted, selling)).toEqual(expected);
    expect(planInForce(granted, free)).toEqual(expected);
    expect(planInForce({ ...granted, grantedPlanUntil: now }, selling)).toMatchObject({
      plan: 'basic',
      source: 'stripe',
    });
  });

  test("Stripe's plan counts while its subscription is live, and only where payments are set up", () => {
    const paid = { ...fresh, subscriptionPlan: 'advanced' as const, currentPeriodEnd: daysFromNow(20) };
    for (const status of ['active', 'trialing', 'past_due']) {
      const fields = { ...paid, subscriptionStatus: status };
      expect(planInForce(fields, selling)).toEqual({ plan: 'advanced', source: 'stripe', until: daysFromNow(20) });
      expect(planInForce(fields, free).source).toBe('none');
    }
    for (const status of ['canceled', 'unpaid', 'incomplete', 'paused']) {
      expect(planInForce({ ...paid, subscriptionStatus: status }, selling).source).toBe('trial');
    }
  });

  test("the trial ends at the billing row's date when Stripe set one, else TRIAL_DAYS after sign-up", () => {
    expect(planInForce({ ...fresh, trialEndsAt: daysFromNow(2) }, selling).until).toEqual(daysFromNow(2));
    expect(planInForce({ ...fresh, createdAt: daysFromNow(-8) }, selling)).toEqual({
      plan: null,
      source: 'none',
      until: null,
    });
  });
});

describe('planStorageBytes', () => {
  test('no plan keeps the free quota; each plan gives a multiple of it', () => {
    expect(planStorageBytes(null, 1000)).toBe(1000);
    expect(planStorageBytes('basic', 1000)).toBe(5000);
    expect(planStorageBytes('pro', 1000)).toBe(10_000);
    expect(planStorageBytes('advanced', 1000)).toBe(50_000);
  });
});
