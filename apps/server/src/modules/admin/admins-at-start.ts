import type { FastifyBaseLogger } from 'fastify';
import type { RegistrationConfig } from '../../config/registration-config';
import type { Database } from '../../db/client';
import { grantAdminEmails, hasAdmin } from './roles.service';

export const NO_ADMIN_MESSAGE = "No admin yet: the first account to sign up becomes this server's admin";
export const NO_NAMED_ADMIN_MESSAGE =
  'No admin yet: the first account to sign up with an address in ADMIN_EMAILS becomes an admin';

/**
 * At start: the accounts ADMIN_EMAILS names become admins, and the log says how an instance with no admin
 * will get one, so that an operator reading it knows to sign up first.
 */
export async function settleAdminsAtStart(
  db: Database,
  registration: RegistrationConfig,
  log: FastifyBaseLogger,
): Promise<void> {
  const granted = await grantAdminEmails(db, registration.adminEmails);
  if (granted.length > 0) log.info({ accounts: granted.length }, 'ADMIN_EMAILS: accounts made admins');
  if (await hasAdmin(db)) return;
  log.info(registration.adminEmails.length > 0 ? NO_NAMED_ADMIN_MESSAGE : NO_ADMIN_MESSAGE);
}
