import type { MailSetup, RegistrationMode, SignUpRules } from '@clipsync/shared';
import { useQuery } from '@tanstack/react-query';

/** `GET /api/auth/registration` (AUTH_ENDPOINTS.registration; registration-queries.test.ts holds them together). */
export const REGISTRATION_SETTINGS_URL = '/api/auth/registration';

/** Every mode, checked complete by its type: a value import of the shared package would bring its schemas. */
const MODES: Record<RegistrationMode, true> = { open: true, invite: true, closed: true };

const isMailSetup = (value: unknown): value is MailSetup => {
  if (typeof value !== 'object' || value === null) return false;
  const { configured, outboxPath } = value as Partial<Record<keyof MailSetup, unknown>>;
  return typeof configured === 'boolean' && (outboxPath === undefined || typeof outboxPath === 'string');
};

const isSignUpRules = (value: unknown): value is SignUpRules => {
  if (typeof value !== 'object' || value === null) return false;
  const { mode, emailDomains, mail, firstAccountBecomesAdmin } = value as Partial<Record<keyof SignUpRules, unknown>>;
  return (
    typeof mode === 'string' &&
    typeof firstAccountBecomesAdmin === 'boolean' &&
    Object.hasOwn(MODES, mode) &&
    Array.isArray(emailDomains) &&
    emailDomains.every((domain) => typeof domain === 'string') &&
    isMailSetup(mail)
  );
};

/**
 * A bare fetch with a check by hand, not the client: the landing page asks this too, and the client with the
 * endpoint table's zod schemas stays out of its first load (bench/README.md, landing).
 */
async function fetchRegistrationSettings(): Promise<SignUpRules> {
  const response = await fetch(REGISTRATION_SETTINGS_URL, { headers: { accept: 'application/json' } });
  const body: unknown = response.ok ? await response.json() : undefined;
  if (!isSignUpRules(body)) throw new Error(`Who may sign up is unknown (${response.status})`);
  return body;
}

export const registrationKey = ['registration'] as const;

/**
 * Who may sign up on this server, and whether the first to confirm becomes its admin: the sign-up form and the
 * landing page say it before anyone types. An admin
 * may change it in the console at any time, so it is asked again on each visit (the console's change also
 * refreshes it in the admin's own tab); a failure leaves the page as it is, and the server's refusal still
 * says why.
 */
export function useRegistrationSettings() {
  return useQuery({ queryKey: registrationKey, queryFn: fetchRegistrationSettings, retry: false });
}
