import { z } from 'zod';
import { ErrorBody } from '../errors';
import { ApiError, NO_SERVER_BODY_CODE } from './api-error';

/** A newer server's refusal: its words and code still reach the user when this client does not know the code. */
const AnyRefusal = z.object({ error: z.string(), code: z.string() });

/** A refused answer as an ApiError: the server's `{ error, code }` and the extra facts it carries. */
export async function apiErrorOf(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  const parsed = ErrorBody.safeParse(body);
  if (parsed.success) {
    const { error, code, requiredPlan, current, attemptsLeft, retryAfterSeconds, deviceIds, overQuota } = parsed.data;
    const attempts = { attemptsLeft, retryAfterSeconds };
    const { status, statusText } = response;
    return new ApiError(error, status, code, requiredPlan, current, attempts, deviceIds, statusText, overQuota);
  }
  const loose = AnyRefusal.safeParse(body);
  if (loose.success) {
    const { error, code } = loose.data;
    return new ApiError(error, response.status, code, undefined, undefined, {}, [], response.statusText);
  }
  // No server text (a proxy's HTML page, say): an empty message lets each client use its own fallback
  // words ('Login failed' and the like, in the reader's language) rather than an English status line.
  return new ApiError('', response.status, NO_SERVER_BODY_CODE, undefined, undefined, {}, [], response.statusText);
}

/** A 2xx answer that its endpoint's schema does not describe: client and server disagree on the contract. */
export class AnswerOutsideContractError extends Error {
  override name = 'AnswerOutsideContractError';
  constructor(
    readonly method: string,
    /** The path called, its parameters filled in. */
    readonly path: string,
    readonly issues: string,
    /** The table's path (`/clipboard/:id`), the same for every call of the entry. */
    readonly template: string,
  ) {
    super(`${method} ${path} answered outside its contract:\n${issues}`);
  }
}
