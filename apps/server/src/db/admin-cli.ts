import { loadConfig } from '../config/env';
import { runAdminCommand } from './admin-command';

/** `npm run admin -- grant|revoke EMAIL` (admin-command.ts): one line out, exit 0 or 1. */
// A first open makes the embedded database's files here: private to this user, as the server's are.
process.umask(0o077);
try {
  const { exitCode, line } = await runAdminCommand(process.argv.slice(2), loadConfig());
  (exitCode === 0 ? process.stdout : process.stderr).write(`${line}\n`);
  process.exitCode = exitCode;
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
