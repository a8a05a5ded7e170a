import type { PlanId } from '@clipsync/shared';
import { ApiError } from './api-error';

/** A self-hosted server without Stripe keys: no plans to show, nothing gated (docs/features.md, Payments). */
export const isPaymentsOff = (error: unknown): boolean =>
  error instanceof ApiError && error.code === 'PAYMENTS_NOT_CONFIGURED';

/**
 * The `meta` of a change whose screen explains a plan refusal itself, so the app's upgrade prompt stays
 * shut for it: a room change is refused for its owner's lapsed plan, which the room says, not the caller's.
 */
export const EXPLAINS_PLAN_REFUSAL = { explainsPlanRefusal: true };
export const explainsPlanRefusal = (meta: Record<string, unknown> | undefined): boolean =>
  meta?.explainsPlanRefusal === true;

/** The plan a refused action needs (402 `PLAN_REQUIRED`), or null for any other error. */
export function requiredPlanOf(error: unknown): PlanId | null {
  if (!(error instanceof ApiError) || error.code !== 'PLAN_REQUIRED') return null;
  return error.requiredPlan ?? null;
}
