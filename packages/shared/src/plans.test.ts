import { describe, expect, test } from 'vitest';
import { PLANS, yearlyPricePerMonth } from './plans';

describe('plans', () => {
  test('prices per plan, monthly and yearly', () => {
    expect(PLANS.map(({ id, monthlyUsd, yearlyUsd }) => [id, monthlyUsd, yearlyUsd])).toEqual([
      ['basic', 9, 90],
      ['pro', 19, 190],
      ['advanced', 29, 290],
    ]);
  });

  test('only Pro is marked most popular', () => {
    expect(PLANS.filter((plan) => plan.isMostPopular).map((plan) => plan.id)).toEqual(['pro']);
  });

  test('the yearly display is the yearly price divided by 12, rounded', () => {
    expect(PLANS.map(yearlyPricePerMonth)).toEqual([8, 16, 24]);
  });

  test('Advanced includes team collaboration, Pro does not', () => {
    const includes = (id: string) =>
      PLANS.find((plan) => plan.id === id)?.features.find((f) => f.feature === 'teamCollaboration')?.included;
    expect(includes('advanced')).toBe(true);
    expect(includes('pro')).toBe(false);
  });
});
