import { yearlyPricePerMonth, type BillingInterval, type Plan } from '@clipsync/shared/plans';

export interface PriceDisplay {
  /** Whole dollars shown per month. */
  perMonth: number;
  /** The yearly total behind 'Billed annually ($N/year)', only for yearly billing. */
  billedYearly: number | null;
}

/** Monthly shows the monthly price; yearly shows yearly ÷ 12 rounded, plus the yearly total. */
export function planPriceDisplay(plan: Plan, interval: BillingInterval): PriceDisplay {
  if (interval === 'month') return { perMonth: plan.monthlyUsd, billedYearly: null };
  return { perMonth: yearlyPricePerMonth(plan), billedYearly: plan.yearlyUsd };
}
