import { z } from 'zod';
import { PLAN_IDS } from './plans';

/** Machine-readable error codes: the client acts on these, people read `error`. */
export const ErrorCode = z.enum([
  'VALIDATION_FAILED',
  'MALFORMED_JSON',
  'MALFORMED_UPLOAD',
  'MALFORMED_REQUEST',
  'UNAUTHORIZED',
  'INVALID_CREDENTIALS',
  'EMAIL_NOT_CONFIRMED',
  'REGISTRATION_CLOSED',
  'ACCOUNT_DISABLED',
  'SSO_HANDOFF_INVALID',
  'PASSWORD_SIGN_IN_OFF',
  'ADMIN_ONLY',
  'SETTING_FROM_ENVIRONMENT',
  'INVALID_TOKEN',
  'PASSWORD_TOO_COMMON',
  'FORBIDDEN',
  'WRONG_PASSWORD',
  'INSUFFICIENT_SCOPE',
  'TOKEN_NOT_ALLOWED',
  'TOKEN_LIMIT_REACHED',
  'MISDIRECTED_REQUEST',
  'NOT_LOCAL_NETWORK',
  'NOT_FOUND',
  'TAKEN_DOWN',
  'REQUEST_TIMEOUT',
  'CONFLICT',
  'EDIT_CONFLICT',
  'CLIPBOARD_SEALED',
  'PAYLOAD_TOO_LARGE',
  'URI_TOO_LONG',
  'QUOTA_EXCEEDED',
  'TOO_MANY_FILES',
  'DEVICE_NOT_RECEIVING',
  'DEVICE_NAME_TAKEN',
  'PUSH_SERVICE_NOT_ALLOWED',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'HEADERS_TOO_LARGE',
  'PLAN_REQUIRED',
  'INVITATION_INVALID',
  'INVITATION_FOR_ANOTHER_EMAIL',
  'NOT_CONFIGURED',
  'PAYMENTS_NOT_CONFIGURED',
  'DATABASE_UNAVAILABLE',
  'SSO_UNAVAILABLE',
  'INTERNAL',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

/** The one error body every failed call answers with (docs/api.md#errors). */
export const ErrorBody = z.object({
  error: z.string(),
  code: ErrorCode,
  /** With `PLAN_REQUIRED`: the cheapest plan that allows the refused action. */
  requiredPlan: z.enum(PLAN_IDS).optional(),
  /** With `EDIT_CONFLICT`: what is stored now, which the refused edit did not start from. */
  current: z.object({ text: z.string(), version: z.number().int() }).optional(),
  /** With `RATE_LIMITED` for one account's sign-in: the seconds until it may be tried again. */
  retryAfterSeconds: z.number().int().positive().optional(),
  /** With `INVALID_CREDENTIALS`: the wrong passwords still allowed before sign-in is locked for a while. */
  attemptsLeft: z.number().int().nonnegative().optional(),
  /** With `DEVICE_NOT_RECEIVING`: the devices whose receive policy is `off`. */
  deviceIds: z.array(z.string()).optional(),
  /** With `QUOTA_EXCEEDED` for a file: its name and size, the bytes the quota had left, and the quota. */
  overQuota: z
    .object({
      fileName: z.string(),
      fileBytes: z.number().int().nonnegative(),
      leftBytes: z.number().int().nonnegative(),
      quotaBytes: z.number().int().nonnegative(),
    })
    .optional(),
  /** The request's id, as in every server log line of it (`reqId`): what to quote when reporting a failure. */
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
export type EditConflictCurrent = NonNullable<ErrorBody['current']>;
