import { REGISTRATION_MODES, type RegistrationMode } from '@clipsync/shared';
import { z } from 'zod';

/** Who may sign up and who is an admin by address (docs/admin.md). */
export interface RegistrationConfig {
  mode: RegistrationMode;
  /** Lower-cased domains sign-ups are for; empty: any. */
  emailDomains: string[];
  /** Lower-cased addresses that are admins whenever their account exists (ADMIN_EMAILS). */
  adminEmails: string[];
}

const commaList = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean);

/** A domain as people write it after the @: labels of letters, digits and hyphens, at least one dot. */
const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/;
/** Enough to catch a typo or a missing comma; the address itself is compared as sign-up lower-cases it. */
const ADDRESS = /^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/;

/** A comma list whose every item must match `pattern`; the message names the items that do not. */
const listOf = (pattern: RegExp, what: string) =>
  z
    .string()
    .trim()
    .transform((value, ctx): string[] => {
      const items = commaList(value);
      const invalid = items.filter((item) => !pattern.test(item));
      if (invalid.length === 0) return [...new Set(items)];
      ctx.addIssue({ code: 'custom', message: `not ${what}: ${invalid.join(', ')}` });
      return z.NEVER;
    });

export const RegistrationEnvSchema = z.object({
  REGISTRATION: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(REGISTRATION_MODES, { message: `must be one of ${REGISTRATION_MODES.join(', ')}` }))
    .default('open'),
  REGISTRATION_EMAIL_DOMAINS: listOf(DOMAIN, 'an e-mail domain (e.g. example.com)').default([]),
  ADMIN_EMAILS: listOf(ADDRESS, 'an e-mail address').default([]),
});

export function registrationConfigOf(env: z.infer<typeof RegistrationEnvSchema>): RegistrationConfig {
  return { mode: env.REGISTRATION, emailDomains: env.REGISTRATION_EMAIL_DOMAINS, adminEmails: env.ADMIN_EMAILS };
}
