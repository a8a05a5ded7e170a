import type { TFunction } from 'i18next';

/** A lock's wait as a person reads it, from a refusal's `retryAfterSeconds`: minutes from a minute up. */
export function waitText(seconds: number, t: TFunction): string {
  return seconds >= 60
    ? t('auth.wait.minutes', { count: Math.ceil(seconds / 60) })
    : t('auth.wait.seconds', { count: seconds });
}
