import pino from 'pino';
import { Email, type UserRole } from '@clipsync/shared';
import type { AppConfig } from '../config/env';
import { AppError } from '../lib/app-error';
import { setRoleByEmail } from '../modules/accounts/roles.service';
import { openDatabase } from './client';
import { DataDirLockedError } from './data-dir-lock';

export interface AdminCommandOutcome {
  exitCode: 0 | 1;
  /** The one line the command prints. */
  line: string;
}

const USAGE = 'usage: npm run admin -- grant EMAIL | revoke EMAIL';
const ROLE_OF_COMMAND: Record<string, UserRole> = { grant: 'admin', revoke: 'user' };

const DONE = {
  admin: { changed: 'is now an admin', unchanged: 'is already an admin' },
  user: { changed: 'is no longer an admin', unchanged: 'is not an admin' },
} as const;

const LOCKED =
  'The embedded database in DATA_DIR is in use by a running ClipSync server: stop it, run this again, then start it';

/**
 * `npm run admin -- grant|revoke EMAIL`: an account's role changed from the server's own machine, with
 * no network and no admin to ask, for when the last admin is locked out. It opens the database the way
 * `npm run db:migrate` does (DATA_DIR or DATABASE_URL) and changes the role through the one service that
 * keeps an admin on the server.
 */
export async function runAdminCommand(args: readonly string[], config: AppConfig): Promise<AdminCommandOutcome> {
  const [command = '', address = '', ...rest] = args;
  const role = ROLE_OF_COMMAND[command];
  const email = Email.safeParse(address);
  if (!role || !email.success || rest.length > 0) return { exitCode: 1, line: USAGE };
  // The server would make it an admin again at its next start or sign-in.
  if (role === 'user' && config.registration.adminEmails.includes(email.data)) {
    return { exitCode: 1, line: `${email.data} is in ADMIN_EMAILS: remove it from there first` };
  }
  const handle = await openDatabase(config.databaseUrl, config.dataDir, pino({ level: 'silent' })).catch(
    (error: unknown) => {
      if (error instanceof DataDirLockedError) return undefined;
      throw error;
    },
  );
  if (!handle) return { exitCode: 1, line: LOCKED };
  try {
    const { isChanged } = await setRoleByEmail(handle.db, email.data, role);
    return { exitCode: 0, line: `${email.data} ${DONE[role][isChanged ? 'changed' : 'unchanged']}` };
  } catch (error) {
    if (error instanceof AppError) return { exitCode: 1, line: error.message };
    throw error;
  } finally {
    await handle.close();
  }
}
