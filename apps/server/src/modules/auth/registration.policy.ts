import type { MailSetup, SignUpRules } from '@clipsync/shared';
import type { RegistrationConfig } from '../../config/registration-config';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { lookupInvitation } from '../accounts/invitations.service';
import { hasAdmin, hasConfirmedAccount } from '../accounts/roles.service';
import { effectiveRegistration } from '../accounts/settings.service';
import { hasPendingInvitation } from '../rooms/room-invitations.service';

/**
 * What the sign-up page is told: the mode and the domains in force (the environment's, else the console's,
 * else the default), where mailed links go, and whether the first account to confirm its address becomes the
 * admin (roleOnConfirmation's rule: none is confirmed yet and ADMIN_EMAILS names none); never who is an admin.
 */
export async function registrationSettingsOf(
  db: Database,
  registration: RegistrationConfig,
  mail: MailSetup,
): Promise<SignUpRules> {
  const settings = await effectiveRegistration(db, registration);
  const firstAccountBecomesAdmin = registration.adminEmails.length === 0 && !(await hasConfirmedAccount(db));
  return { ...settings, mail, firstAccountBecomesAdmin };
}

/** "a.com", "a.com or b.com", "a.com, b.com or c.com". */
function listInWords(items: string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}

/**
 * Whether `email` may create an account here (REGISTRATION, REGISTRATION_EMAIL_DOMAINS, or the console's
 * settings where the environment leaves them unset): every door that
 * creates accounts asks this first. It reads the settings, room invitations and whether there is an admin,
 * never an account by its address, so a refusal is the same, and as fast, for an address that has an account
 * and one that has none.
 * An address in ADMIN_EMAILS may while the server has no admin: that is how an operator makes the first
 * account of a closed server. Only then, so that a sign-up's answer never tells which addresses the list holds
 * (whether the server has an admin is no one's secret). An invitation does not widen the domains: any user
 * can invite any address to a room.
 * An admin's invitation (`invitation`, its link's token) passes every mode and domain rule: an admin chose
 * this person, so the invited address may always finish its sign-up, and only that address.
 */
export async function assertMaySignUp(
  db: Database,
  registration: RegistrationConfig,
  email: string,
  invitation?: string,
): Promise<void> {
  if (invitation !== undefined) return assertInvited(db, email, invitation);
  const refusal = await signUpRefusalOf(db, registration, email);
  if (refusal?.rule === 'closed') throw new AppError('REGISTRATION_CLOSED');
  if (refusal?.rule === 'domain') {
    throw new AppError(
      'REGISTRATION_CLOSED',
      `Sign-ups on this server are for addresses at ${listInWords(refusal.emailDomains)}`,
    );
  }
  if (refusal?.rule === 'invitation') {
    throw new AppError('REGISTRATION_CLOSED', 'Sign-ups are by invitation on this server');
  }
}

/**
 * Closed to anyone an admin has not invited: the mode is closed and the server has its admin (before that,
 * the addresses ADMIN_EMAILS names still sign up). The landing page then offers no sign-up.
 */
export async function areSignUpsClosed(db: Database, registration: RegistrationConfig): Promise<boolean> {
  const { mode } = await effectiveRegistration(db, registration);
  return mode === 'closed' && (await hasAdmin(db));
}

/** The sign-up rule that refuses `email`, so each door can name it. */
export type SignUpRefusal = { rule: 'closed' } | { rule: 'domain'; emailDomains: string[] } | { rule: 'invitation' };

/** Which rule refuses a sign-up of `email` without an admin's invitation (assertMaySignUp's), or null. */
export async function signUpRefusalOf(
  db: Database,
  registration: RegistrationConfig,
  email: string,
): Promise<SignUpRefusal | null> {
  if (registration.adminEmails.includes(email) && !(await hasAdmin(db))) return null;
  const { mode, emailDomains } = await effectiveRegistration(db, registration);
  if (mode === 'closed') return { rule: 'closed' };
  const domain = email.slice(email.lastIndexOf('@') + 1);
  if (emailDomains.length > 0 && !emailDomains.includes(domain)) return { rule: 'domain', emailDomains };
  if (mode === 'invite' && !(await hasPendingInvitation({ db }, email))) return { rule: 'invitation' };
  return null;
}

/** The link is open and its address is the one signing up; the sign-up uses it in its own transaction. */
async function assertInvited(db: Database, email: string, invitation: string): Promise<void> {
  const invited = await lookupInvitation(db, invitation);
  if (invited.email !== email) throw new AppError('INVITATION_FOR_ANOTHER_EMAIL');
}
