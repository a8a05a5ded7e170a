import type { PlanId } from '@clipsync/shared/plans';
import { requiredPlanOf } from '../api/billing-errors';

type Listener = (plan: PlanId | null) => void;

/** A refusal the user dismissed is not offered again this soon: a query refetching on focus re-fails. */
const REOFFER_AFTER_MS = 30_000;

/**
 * The one upgrade prompt of the app: any call refused with 402 `PLAN_REQUIRED` opens it, naming the plan
 * that allows the action, so a feature needs no code of its own for it (docs/features.md, Payments).
 */
export function createUpgradePrompt(clock: { now: () => number } = Date) {
  let offered: PlanId | null = null;
  let dismissed: { plan: PlanId; at: number } | null = null;
  const listeners = new Set<Listener>();
  const publish = (plan: PlanId | null) => {
    offered = plan;
    listeners.forEach((listener) => listener(offered));
  };
  return {
    offer(plan: PlanId): void {
      if (offered) return;
      if (dismissed?.plan === plan && clock.now() - dismissed.at < REOFFER_AFTER_MS) return;
      publish(plan);
    },
    /** Opens the prompt when `error` is a plan refusal; says whether it was one. */
    offerFor(error: unknown): boolean {
      const plan = requiredPlanOf(error);
      if (plan) this.offer(plan);
      return plan !== null;
    },
    dismiss(): void {
      if (offered) dismissed = { plan: offered, at: clock.now() };
      publish(null);
    },
    getOffered: () => offered,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export const upgradePrompt = createUpgradePrompt();
