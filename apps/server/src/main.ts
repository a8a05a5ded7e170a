import { ConfigError, loadConfig } from './config/env';
import { DataDirLockedError } from './db/data-dir-lock';
import { serve } from './serve';

/** Process entry: config → serve (serve.ts: listen, and how the process ends). */
async function main(): Promise<void> {
  // Whatever the process creates (database files, uploads, the secret) is readable by its own user only.
  process.umask(0o077);
  await serve(loadConfig());
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`ClipSync cannot start.\n${error.message}`);
  } else {
    console.error('ClipSync failed to start:', error);
  }
  process.exit(1);
});
