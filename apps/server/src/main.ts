import { ConfigError, loadConfig } from './config/env';
import { DataDirLockedError } from './db/data-dir-lock';
import { isEmbeddedDatabase, startEmbeddedDatabase } from './db/embedded-start';

/**
 * Process entry: config → serve (serve.ts: listen, and how the process ends). The embedded database starts
 * first, and the rest of the server is imported while it opens: its worker thread (or an empty DATA_DIR's
 * initdb, in a child process) and the main thread's module loading then share the machine's cores instead of
 * taking turns (bench/start.ts).
 */
async function main(): Promise<void> {
  // Whatever the process creates (database files, uploads, the secret) is readable by its own user only.
  process.umask(0o077);
  const config = loadConfig();
  const startedDatabase = isEmbeddedDatabase(config.databaseUrl)
    ? startEmbeddedDatabase(config.databaseUrl, config.dataDir)
    : undefined;
  // Awaited by the app once it is loaded; until then a failure (DATA_DIR locked) must not count as unhandled.
  startedDatabase?.catch(() => undefined);
  const { serve } = await import('./serve');
  await serve(config, { startedDatabase });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`ClipSync cannot start.\n${error.message}`);
  } else {
    console.error('ClipSync failed to start:', error);
  }
  process.exit(1);
});
