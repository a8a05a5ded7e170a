import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import pino from 'pino';
import { loadConfig } from '../config/env';
import { openFileStore } from '../storage/open-file-store';
import { createBackup, restoreBackup } from './backup';
import type { Database } from './client';

/**
 * `npm run backup -- create <folder>` / `npm run backup -- restore <folder>`, with the nodes' own settings
 * (DATABASE_URL, S3_*). For the PostgreSQL deployments; the embedded database is backed up by stopping the
 * server and copying DATA_DIR (docs/deployment.md, "Backups").
 */
// The dump and every copied file hold users' data: private to this user whatever the shell's umask.
process.umask(0o077);
const [command, folder] = process.argv.slice(2);
const config = loadConfig();
const log = pino({ level: config.logLevel });
if ((command !== 'create' && command !== 'restore') || !folder) {
  log.error('usage: npm run backup -- create <folder> | restore <folder>');
  process.exit(2);
}
if (!config.databaseUrl) {
  log.error(
    'the embedded database is backed up by stopping ClipSync and copying DATA_DIR; set DATABASE_URL for a PostgreSQL deployment',
  );
  process.exit(2);
}
const files = await openFileStore(config, { sweepTemporary: false });
try {
  if (command === 'create') {
    // A plain connection, not openDatabase: that applies pending migrations, and a backup must copy the
    // database as the running nodes left it, never change it first.
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 1 });
    try {
      const db = drizzle(pool) as unknown as Database;
      const manifest = await createBackup({ databaseUrl: config.databaseUrl, db, files, folder });
      log.info({ folder, files: manifest.files }, 'backup written');
    } finally {
      await pool.end();
    }
  } else {
    const manifest = await restoreBackup({ databaseUrl: config.databaseUrl, files, folder });
    log.info({ folder, files: manifest.files, createdAt: manifest.createdAt }, 'backup restored');
  }
} finally {
  await files.close();
}
