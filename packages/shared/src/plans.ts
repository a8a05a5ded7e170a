// No zod here: the landing page imports this file alone, and zod would add ~60 KB to its first load.
export const PLAN_IDS = ['basic', 'pro', 'advanced'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const BILLING_INTERVALS = ['month', 'year'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

export type PlanFeature =
  | 'crossDeviceSync'
  | 'basicHistory'
  | 'support'
  | 'basicSharing'
  | 'advancedFeatures'
  | 'unlimitedHistory'
  | 'prioritySupport'
  | 'advancedSharing'
  | 'teamCollaboration';

export interface Plan {
  id: PlanId;
  /** Whole US dollars. */
  monthlyUsd: number;
  yearlyUsd: number;
  isMostPopular: boolean;
  /** Every feature the pricing card lists, with whether the plan includes it. */
  features: ReadonlyArray<{ feature: PlanFeature; included: boolean }>;
}

export const PLANS: readonly Plan[] = [
  {
    id: 'basic',
    monthlyUsd: 9,
    yearlyUsd: 90,
    isMostPopular: false,
    features: [
      { feature: 'crossDeviceSync', included: true },
      { feature: 'basicHistory', included: true },
      { feature: 'support', included: true },
      { feature: 'basicSharing', included: false },
      { feature: 'advancedFeatures', included: false },
    ],
  },
  {
    id: 'pro',
    monthlyUsd: 19,
    yearlyUsd: 190,
    isMostPopular: true,
    features: [
      { feature: 'unlimitedHistory', included: true },
      { feature: 'prioritySupport', included: true },
      { feature: 'advancedSharing', included: true },
      { feature: 'teamCollaboration', included: false },
    ],
  },
  {
    id: 'advanced',
    monthlyUsd: 29,
    yearlyUsd: 290,
    isMostPopular: false,
    features: [
      { feature: 'unlimitedHistory', included: true },
      { feature: 'prioritySupport', included: true },
      { feature: 'advancedSharing', included: true },
      { feature: 'teamCollaboration', included: true },
    ],
  },
];

export const TRIAL_DAYS = 7;

/** What a plan unlocks when billing is configured; the trial unlocks everything. */
export type Entitlement = 'unlimitedHistory' | 'sharing' | 'rooms';

/** How far back a plan without `unlimitedHistory` sees its clip history; older clips are kept. */
export const BASIC_HISTORY_DAYS = 30;

export const PLAN_ENTITLEMENTS: Readonly<Record<PlanId, readonly Entitlement[]>> = {
  basic: [],
  pro: ['unlimitedHistory', 'sharing'],
  advanced: ['unlimitedHistory', 'sharing', 'rooms'],
};

/** The cheapest plan that unlocks an entitlement: what a refusal names and the upgrade prompt offers. */
export function planAllowing(entitlement: Entitlement): PlanId {
  const plan = PLAN_IDS.find((id) => PLAN_ENTITLEMENTS[id].includes(entitlement));
  if (!plan) throw new Error(`No plan unlocks ${entitlement}`);
  return plan;
}

/** The yearly price shown per month is the yearly price divided by 12, rounded. */
export function yearlyPricePerMonth(plan: Pick<Plan, 'yearlyUsd'>): number {
  return Math.round(plan.yearlyUsd / 12);
}
