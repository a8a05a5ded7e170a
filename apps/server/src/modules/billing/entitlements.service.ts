import { BASIC_HISTORY_DAYS, planAllowing, type Entitlement } from '@clipsync/shared';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { OPEN_GATE, planName, type EntitlementGate } from '../../lib/entitlements';
import { createBatchedLoader } from '../../lib/batched-loader';
import { entitlementsOf, loadBillingStates } from './billing-state';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the refusal says to the user whose plan lacks it. */
const REFUSALS: Record<Entitlement, (plan: string) => string> = {
  rooms: (plan) => `Rooms need the ${plan} plan. Upgrade to use them.`,
  sharing: (plan) => `Sharing needs the ${plan} plan. Upgrade to share your clips and desktop.`,
  unlimitedHistory: (plan) => `History older than ${BASIC_HISTORY_DAYS} days needs the ${plan} plan.`,
};

/**
 * The plan checks every gated area calls (docs/features.md#payments-stripe): with billing configured, a user's
 * entitlements follow their trial and plan (billing-state.ts); without it, nothing is ever refused.
 */
export function createEntitlements(
  db: Database,
  isBillingConfigured: boolean,
  now: () => Date = () => new Date(),
): EntitlementGate {
  if (!isBillingConfigured) return OPEN_GATE;
  // Every room change and room view asks its owner's plan: the 200 members of a room opening it together
  // ask in one query (lib/batched-loader.ts), not one each.
  const billingStateOf = createBatchedLoader((userIds: readonly string[]) => loadBillingStates(db, userIds));
  const has = async (userId: string, entitlement: Entitlement) => {
    const state = await billingStateOf(userId);
    if (!state) throw new AppError('UNAUTHORIZED');
    return entitlementsOf(state, now()).includes(entitlement);
  };
  return {
    async require(userId, entitlement, message) {
      if (await has(userId, entitlement)) return;
      const plan = planAllowing(entitlement);
      throw new AppError('PLAN_REQUIRED', message ?? REFUSALS[entitlement](planName(plan)), plan);
    },
    allows: has,
    async historyStart(userId) {
      if (await has(userId, 'unlimitedHistory')) return null;
      return new Date(now().getTime() - BASIC_HISTORY_DAYS * DAY_MS);
    },
  };
}
