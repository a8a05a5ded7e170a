import type { FastifyBaseLogger } from 'fastify';
import type { RegistrationConfig } from '../../config/registration-config';
import type { Database } from '../../db/client';
import { grantAdminEmails, hasConfirmedAccount, hasAdmin } from './roles.service';

export const NO_ADMIN_MESSAGE = "No admin yet: the first account to confirm its address becomes this server's admin";
export const NO_NAMED_ADMIN_MESSAGE =
  'No admin yet: the first account to sign up with an address in ADMIN_EMAILS becomes an admin';
export const NO_ADMIN_LEFT_MESSAGE =
  'This server has accounts but no admin: name one with ADMIN_EMAILS, or run `npm run admin -- grant EMAIL` here';

/**
 * At start: the accounts ADMIN_EMAILS names become admins, and the log says how an instance with no admin
 * will get one: an empty one by its first confirmed account, one whose admins are gone only by the operator.
 */
export async function settleAdminsAtStart(
  db: Database,
  registration: RegistrationConfig,
  log: FastifyBaseLogger,
): Promise<void> {
  const granted = await grantAdminEmails(db, registration.adminEmails);
  if (granted.length > 0) log.info({ accounts: granted.length }, 'ADMIN_EMAILS: accounts made admins');
  const note = await noAdminNote(db, registration);
  if (note === NO_ADMIN_LEFT_MESSAGE) log.warn(note);
  else if (note) log.info(note);
}

/** How a server with no admin will get one (one of the messages above); undefined once it has one. */
export async function noAdminNote(db: Database, registration: RegistrationConfig): Promise<string | undefined> {
  if (await hasAdmin(db)) return undefined;
  if (await hasConfirmedAccount(db)) return NO_ADMIN_LEFT_MESSAGE;
  return registration.adminEmails.length > 0 ? NO_NAMED_ADMIN_MESSAGE : NO_ADMIN_MESSAGE;
}
