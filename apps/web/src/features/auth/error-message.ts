import { ApiError } from '../../api/client';

/** The server's `error` text, else a status fallback, else the call's generic fallback. */
export function errorMessage(
  error: unknown,
  fallbacks: { byStatus?: Record<number, string>; otherwise: string },
): string {
  if (error instanceof ApiError) return error.message || fallbacks.byStatus?.[error.status] || fallbacks.otherwise;
  if (error instanceof Error && error.message) return error.message;
  return fallbacks.otherwise;
}

/** The server refused a new password as one of the most common (it holds the list; the web app has none). */
export const isPasswordTooCommon = (error: unknown): boolean =>
  error instanceof ApiError && error.code === 'PASSWORD_TOO_COMMON';

/** The server refused a sign-up because of who may sign up here (REGISTRATION, REGISTRATION_EMAIL_DOMAINS). */
export const isRegistrationClosed = (error: unknown): boolean =>
  error instanceof ApiError && error.code === 'REGISTRATION_CLOSED';
