import type { EditConflictCurrent } from '@clipsync/shared';
import type { PlanId } from '@clipsync/shared/plans';

/**
 * A failed call: `message` is the server's `error` text, `code` its machine code. Apart from the
 * client so that checking an error (the query client's upgrade prompt, the session provider) does not load
 * the client and the schemas behind it into the landing page's first load (its budget: bench/README.md, landing).
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    /** With a 402 `PLAN_REQUIRED`: the cheapest plan that allows the refused action. */
    readonly requiredPlan?: PlanId,
    /** With a 409 `EDIT_CONFLICT`: the stored text and version the refused edit did not start from. */
    readonly current?: EditConflictCurrent,
    /** With a sign-in refused: the tries left before the lock (401), or the lock's wait in seconds (429). */
    readonly attempts: { attemptsLeft?: number; retryAfterSeconds?: number } = {},
    /** With a 409 `DEVICE_NOT_RECEIVING`: the devices of a send whose receiving is off. */
    readonly deviceIds: readonly string[] = [],
  ) {
    super(message);
  }
}

/**
 * The server answered and said no (a 4xx): asking again gets the same answer, unlike a failure without an answer
 * (offline, the server away) or a 5xx, which may well work on a retry.
 */
export function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/** What is stored now, when an edit was refused for having started from an older version; else null. */
export function editConflictOf(error: unknown): EditConflictCurrent | null {
  return error instanceof ApiError && error.code === 'EDIT_CONFLICT' ? (error.current ?? null) : null;
}
