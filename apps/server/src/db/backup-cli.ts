import pino from 'pino';
import { loadConfig } from '../config/env';
import { openFileStore } from '../storage/open-file-store';
import { createBackup, restoreBackup } from './backup';
import { openDatabase } from './client';

/**
 * `npm run backup -- create <folder>` / `npm run backup -- restore <folder>`, with the nodes' own settings
 * (DATABASE_URL, S3_*). For the PostgreSQL deployments; the embedded database is backed up by stopping the
 * server and copying DATA_DIR (README, Deployment).
 */
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
    const database = await openDatabase(config.databaseUrl, config.dataDir, log);
    try {
      const manifest = await createBackup({ databaseUrl: config.databaseUrl, db: database.db, files, folder });
      log.info({ folder, files: manifest.files }, 'backup written');
    } finally {
      await database.close();
    }
  } else {
    const manifest = await restoreBackup({ databaseUrl: config.databaseUrl, files, folder });
    log.info({ folder, files: manifest.files, createdAt: manifest.createdAt }, 'backup restored');
  }
} finally {
  await files.close();
}
