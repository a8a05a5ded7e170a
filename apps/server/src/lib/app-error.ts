import type { EditConflictCurrent, ErrorCode, FileOverQuota, PlanId } from '@clipsync/shared';

const STATUS_BY_CODE: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  MALFORMED_JSON: 400,
  MALFORMED_UPLOAD: 400,
  MALFORMED_REQUEST: 400,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  EMAIL_NOT_CONFIRMED: 403,
  REGISTRATION_CLOSED: 403,
  ACCOUNT_DISABLED: 403,
  SSO_HANDOFF_INVALID: 401,
  PASSWORD_SIGN_IN_OFF: 403,
  ADMIN_ONLY: 403,
  SETTING_FROM_ENVIRONMENT: 409,
  INVALID_TOKEN: 400,
  PASSWORD_TOO_COMMON: 400,
  FORBIDDEN: 403,
  WRONG_PASSWORD: 403,
  INSUFFICIENT_SCOPE: 403,
  TOKEN_NOT_ALLOWED: 403,
  TOKEN_LIMIT_REACHED: 409,
  MISDIRECTED_REQUEST: 421,
  NOT_LOCAL_NETWORK: 403,
  NOT_FOUND: 404,
  TAKEN_DOWN: 410,
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  EDIT_CONFLICT: 409,
  CLIPBOARD_SEALED: 409,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  QUOTA_EXCEEDED: 413,
  TOO_MANY_FILES: 409,
  DEVICE_NOT_RECEIVING: 409,
  DEVICE_NAME_TAKEN: 409,
  PUSH_SERVICE_NOT_ALLOWED: 422,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  HEADERS_TOO_LARGE: 431,
  PLAN_REQUIRED: 402,
  INVITATION_INVALID: 404,
  INVITATION_FOR_ANOTHER_EMAIL: 400,
  INTERNAL: 500,
  NOT_CONFIGURED: 503,
  PAYMENTS_NOT_CONFIGURED: 503,
  DATABASE_UNAVAILABLE: 503,
  SSO_UNAVAILABLE: 503,
};

const DEFAULT_MESSAGE: Record<ErrorCode, string> = {
  VALIDATION_FAILED: 'Invalid request',
  MALFORMED_JSON: 'The request body is not valid JSON',
  MALFORMED_UPLOAD: 'The upload ended too soon or is not well-formed multipart. Please send the file again.',
  MALFORMED_REQUEST: 'The request is not well-formed HTTP',
  UNAUTHORIZED: 'Authentication required',
  INVALID_CREDENTIALS: 'Invalid credentials',
  EMAIL_NOT_CONFIRMED:
    'Please confirm your email address before logging in. Check your inbox for the confirmation link.',
  REGISTRATION_CLOSED: 'Sign-ups are closed on this server',
  ACCOUNT_DISABLED: 'This account is disabled',
  SSO_HANDOFF_INVALID:
    'This sign-in was not started in this browser, was already used or has expired. Please sign in again.',
  PASSWORD_SIGN_IN_OFF: 'This server signs in with its identity provider',
  ADMIN_ONLY: 'Only the admins of this server may do this',
  SETTING_FROM_ENVIRONMENT:
    "This setting is set in the server's environment, which wins over the console: change it there",
  INVALID_TOKEN: 'This link is invalid or has expired.',
  PASSWORD_TOO_COMMON:
    'This password is one of the 10,000 most common ones, which are guessed first. Please choose another.',
  FORBIDDEN: 'You are not allowed to do this',
  WRONG_PASSWORD: 'The password is wrong',
  INSUFFICIENT_SCOPE: 'This access token does not have the scope this call needs.',
  TOKEN_NOT_ALLOWED: 'An access token cannot do this: sign in to the web app.',
  TOKEN_LIMIT_REACHED: 'You hold the most access tokens allowed. Revoke one to create another.',
  MISDIRECTED_REQUEST:
    'This server does not answer to that name. Open it by its address or localhost, or add the name to PUBLIC_URL or ALLOWED_ORIGINS.',
  NOT_LOCAL_NETWORK: 'This is only available to devices on the same local network.',
  NOT_FOUND: 'Not found',
  TAKEN_DOWN: 'This link was removed by the operator of this server',
  REQUEST_TIMEOUT: 'The request took too long to arrive.',
  CONFLICT: 'This conflicts with the current state',
  EDIT_CONFLICT: 'This was changed on another device since you opened it.',
  CLIPBOARD_SEALED:
    'Your clipboard is encrypted end to end: unlock it on this device to add clips, so that they are sealed too.',
  PAYLOAD_TOO_LARGE: 'The request is too large',
  URI_TOO_LONG: 'The address is too long',
  QUOTA_EXCEEDED: 'Your storage is full. Delete some files to make room for new ones.',
  TOO_MANY_FILES: 'This clip already holds the most files it may have.',
  DEVICE_NOT_RECEIVING: 'This device does not receive sends: its receive policy is off.',
  DEVICE_NAME_TAKEN: 'Another of your devices already has this name. Please choose another.',
  PUSH_SERVICE_NOT_ALLOWED:
    "This browser's push service is on a private network this server does not push to. Its operator can allow it with PUSH_TRUSTED_HOSTS.",
  UNSUPPORTED_MEDIA_TYPE: 'Unsupported content type',
  RATE_LIMITED: 'Too many requests. Please try again later.',
  HEADERS_TOO_LARGE: 'The request’s headers and address are too large',
  PLAN_REQUIRED: 'Your plan does not include this. Upgrade to use it.',
  INVITATION_INVALID: 'This invitation is no longer valid',
  INVITATION_FOR_ANOTHER_EMAIL: 'This invitation is for another e-mail address',
  INTERNAL: 'Server error',
  NOT_CONFIGURED: 'This feature is not configured on this server',
  PAYMENTS_NOT_CONFIGURED: 'Payments are not set up on this server. Every feature is available without a plan.',
  DATABASE_UNAVAILABLE: 'The database is unavailable. Please try again shortly.',
  SSO_UNAVAILABLE: 'The identity provider cannot be reached right now. Please try again later.',
};

/** What services throw: a code the client can act on and a message a person can read. */
export class AppError extends Error {
  override name = 'AppError';
  readonly statusCode: number;
  /** With `EDIT_CONFLICT`: the stored text and its version, so the client can show both (lib/edit-conflict.ts). */
  current?: EditConflictCurrent;
  /** With `DEVICE_NOT_RECEIVING`: the devices whose receive policy is `off`. */
  deviceIds?: string[];
  /** With `RATE_LIMITED` from a per-account limit: the seconds to wait (also the Retry-After header). */
  retryAfterSeconds?: number;
  /** With `QUOTA_EXCEEDED` for a file: the figures each client words its sentence from. */
  overQuota?: FileOverQuota;

  constructor(
    readonly code: ErrorCode,
    message: string = DEFAULT_MESSAGE[code],
    /** With `PLAN_REQUIRED`: the cheapest plan that allows the refused action (the upgrade prompt offers it). */
    readonly requiredPlan?: PlanId,
  ) {
    super(message);
    this.statusCode = STATUS_BY_CODE[code];
  }
}
