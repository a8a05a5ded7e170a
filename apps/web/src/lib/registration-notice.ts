import type { RegistrationRules } from '@clipsync/shared';
import type { TFunction } from 'i18next';

/**
 * What the sign-up form says of who may sign up here, or null where anyone may: "Sign-ups are closed on this
 * server", "… by invitation …", or the allowed domains ("example.com or example.org", in the reader's language).
 * The form stays: an address the operator named an admin, or an invited one, may still sign up. The landing
 * page's sign-up buttons say the same words, so they are in the landing part of the texts.
 */
export function registrationNotice(settings: RegistrationRules | undefined, t: TFunction, language: string) {
  if (!settings) return null;
  if (settings.mode === 'closed') return t('registration.closed');
  if (settings.mode === 'invite') return t('registration.invite');
  if (settings.emailDomains.length === 0) return null;
  const domains = new Intl.ListFormat(language, { type: 'disjunction' }).format(settings.emailDomains);
  return t('registration.domains', { domains });
}
