import pino from 'pino';
import { loadConfig } from '../config/env';
import { openDatabase } from './client';

/** `npm run db:migrate`: apply committed migrations to the configured database, then exit. */
// The embedded database's files are made here on a first migrate: private to this user, as the server's are.
process.umask(0o077);
const config = loadConfig();
const log = pino({ level: config.logLevel });
const handle = await openDatabase(config.databaseUrl, config.dataDir, log);
await handle.close();
log.info({ database: handle.kind }, 'migrations applied');
