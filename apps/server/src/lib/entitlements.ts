import type { Entitlement, PlanId } from '@clipsync/shared';

/**
 * What a user's plan allows (docs/features.md#payments-stripe). The billing module answers it
 * (billing/entitlements.service.ts); the areas it gates receive it through their module wiring, so none of them
 * imports billing. With billing unconfigured every answer is "allowed" (self-hosters get everything).
 */
export interface EntitlementGate {
  /**
   * Throws AppError `PLAN_REQUIRED` naming the cheapest plan that allows `entitlement` when the user's plan
   * does not; `message` replaces the default refusal (e.g. one written for someone other than the user).
   */
  require(userId: string, entitlement: Entitlement, message?: string): Promise<void>;
  /**
   * Whether the user's plan allows `entitlement` now. For what someone else shares (a room's owner, a
   * desktop's owner): asked on every use, so what was shared during a trial ends with it.
   */
  allows(userId: string, entitlement: Entitlement): Promise<boolean>;
  /** The oldest `created_at` the user's clip history shows (Basic: BASIC_HISTORY_DAYS), or null for all. */
  historyStart(userId: string): Promise<Date | null>;
}

/** The gate of a server without payments: nothing is refused, history is whole. */
export const OPEN_GATE: EntitlementGate = {
  require: async () => undefined,
  allows: async () => true,
  historyStart: async () => null,
};

/** A plan as people read it: 'Pro'. */
export function planName(plan: PlanId): string {
  return plan.charAt(0).toUpperCase() + plan.slice(1);
}
