import type { EditConflictCurrent } from '../errors';
import type { FileOverQuota } from '../file-over-quota';
import type { PlanId } from '../plans';

/**
 * A refused call: `message` is the server's `error` text, `code` its machine code, with the extra facts some
 * refusals carry. Free of schemas, so that a screen can recognise one without loading the endpoint table
 * (the web's landing page keeps its first load small: bench/README.md, landing).
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
    /** The HTTP status line's words ('Bad Gateway'), for a refusal that came without the server's own. */
    readonly statusText = '',
    /** With a 413 `QUOTA_EXCEEDED` for a file: the file, what the quota had left, and the quota. */
    readonly overQuota?: FileOverQuota,
  ) {
    super(message);
  }

  /** Whether the server itself said why (its `{ error, code }` body), rather than only a status. */
  get isServerRefusal(): boolean {
    return this.code !== NO_SERVER_BODY_CODE;
  }
}

/** The code of a refusal whose body was not the server's `{ error, code }` (a proxy's HTML page, say). */
export const NO_SERVER_BODY_CODE = 'HTTP_ERROR';

/**
 * The server answered and said no (a 4xx): asking again gets the same answer, unlike a failure without an answer
 * (offline, the server away) or a 5xx, which may well work on a retry.
 */
export function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}
