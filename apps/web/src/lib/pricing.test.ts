import { PLANS } from '@clipsync/shared/plans';
import { describe, expect, test } from 'vitest';
import { planPriceDisplay } from './pricing';

describe('planPriceDisplay', () => {
  test('monthly billing shows $9, $19, $29 per month', () => {
    expect(PLANS.map((plan) => planPriceDisplay(plan, 'month'))).toEqual([
      { perMonth: 9, billedYearly: null },
      { perMonth: 19, billedYearly: null },
      { perMonth: 29, billedYearly: null },
    ]);
  });

  test('yearly billing shows yearly/12 rounded per month and the yearly total', () => {
    expect(PLANS.map((plan) => planPriceDisplay(plan, 'year'))).toEqual([
      { perMonth: 8, billedYearly: 90 },
      { perMonth: 16, billedYearly: 190 },
      { perMonth: 24, billedYearly: 290 },
    ]);
  });
});
