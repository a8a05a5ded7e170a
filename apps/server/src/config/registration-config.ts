import { EMAIL_DOMAIN_PATTERN, REGISTRATION_MODES, type RegistrationMode } from '@clipsync/shared';
import { z } from 'zod';

/**
 * Who may sign up and who is an admin by address (docs/admin.md). A sign-up setting the environment leaves
 * unset is undefined: the console's then applies, else the default (modules/accounts/settings.service.ts).
 */
export interface RegistrationConfig {
  mode: RegistrationMode | undefined;
  /** Lower-cased domains sign-ups are for; empty: any. */
  emailDomains: string[] | undefined;
  /** Lower-cased addresses that are admins whenever their account exists (ADMIN_EMAILS). */
  adminEmails: string[];
}

const commaList = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean);

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

/** A blank value is no value: `REGISTRATION=` in an env file leaves the choice to the console. */
const unlessBlank = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional());

export const RegistrationEnvSchema = z.object({
  REGISTRATION: unlessBlank(
    z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.enum(REGISTRATION_MODES, { message: `must be one of ${REGISTRATION_MODES.join(', ')}` })),
  ),
  REGISTRATION_EMAIL_DOMAINS: unlessBlank(listOf(EMAIL_DOMAIN_PATTERN, 'an e-mail domain (e.g. example.com)')),
  ADMIN_EMAILS: listOf(ADDRESS, 'an e-mail address').default([]),
});

export function registrationConfigOf(env: z.infer<typeof RegistrationEnvSchema>): RegistrationConfig {
  return { mode: env.REGISTRATION, emailDomains: env.REGISTRATION_EMAIL_DOMAINS, adminEmails: env.ADMIN_EMAILS };
}
