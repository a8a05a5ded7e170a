import { ApiError } from '../../api/api-error';

/**
 * Why notifications are not on, as the page tells it. Only `refused` and `failed` may pass on a second
 * try (a push service or the server that answered badly this once); every other one needs the person or
 * the operator to change something first, so the page offers no "Try again" for it.
 */
export type PushProblem =
  /** No Notification, PushManager or service worker: this browser cannot take pushes at all. */
  | 'unsupported'
  /** iPhone/iPad in Safari: Web Push only reaches the Home Screen app. */
  | 'install-first'
  /** The person blocked notifications for this site. */
  | 'blocked'
  /** The browser has the API but no push service behind it (Chromium without one, some privacy builds). */
  | 'no-push-service'
  /** The server will not push through this browser's push service (private network, PUSH_TRUSTED_HOSTS). */
  | 'service-not-allowed'
  /** The push service turned this subscription down. */
  | 'refused'
  /** The server could not store the subscription (offline, an error). */
  | 'failed';

export const canRetry = (problem: PushProblem) => problem === 'refused' || problem === 'failed';

export interface PushEnvironment {
  hasNotification: boolean;
  hasPushManager: boolean;
  hasServiceWorker: boolean;
  /** iPhone, iPod, or an iPad (which calls itself a Mac with a touch screen). */
  isAppleMobile: boolean;
  /** Opened from the Home Screen (display-mode standalone, or iOS's navigator.standalone). */
  isInstalled: boolean;
  permission: NotificationPermission | undefined;
}

/** What stops push before anything is asked of the browser or the server; null when it can be tried. */
export function browserPushProblem(env: PushEnvironment): PushProblem | null {
  if (env.isAppleMobile && !env.isInstalled) return 'install-first';
  if (!env.hasNotification || !env.hasPushManager || !env.hasServiceWorker) return 'unsupported';
  if (env.permission === 'denied') return 'blocked';
  return null;
}

/**
 * Why turning on failed. Chromium without a push service rejects `subscribe()` with an AbortError
 * "Registration failed - push service not available", or (headless, incognito) "… permission denied" though
 * the person granted it; Firefox with push disabled, with "… not supported". Neither passes on a retry.
 * Any other refusal of the push service (AbortError, NotAllowedError, InvalidStateError…) may pass later.
 */
export function turnOnProblem(error: unknown, permission: NotificationPermission | undefined): PushProblem {
  if (error instanceof ApiError) return error.code === 'PUSH_SERVICE_NOT_ALLOWED' ? 'service-not-allowed' : 'failed';
  if (permission === 'denied') return 'blocked';
  if (isNamedError(error)) {
    const deniedThoughGranted = permission === 'granted' && /permission denied/i.test(error.message);
    if (
      deniedThoughGranted ||
      error.name === 'NotSupportedError' ||
      /push service (is )?not (available|supported)/i.test(error.message)
    ) {
      return 'no-push-service';
    }
    return 'refused';
  }
  return 'failed';
}

const isNamedError = (error: unknown): error is { name: string; message: string } =>
  typeof error === 'object' &&
  error !== null &&
  typeof (error as { name?: unknown }).name === 'string' &&
  typeof (error as { message?: unknown }).message === 'string' &&
  !(error instanceof TypeError);
