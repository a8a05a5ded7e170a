import { buildApp } from './app';
import { ConfigError, loadConfig } from './config/env';
import { DataDirLockedError } from './db/data-dir-lock';

/** Process entry: config → buildApp → listen; SIGTERM/SIGINT stop accepting, drain, then close everything. */
async function main(): Promise<void> {
  // Whatever the process creates (database files, uploads, the secret) is readable by its own user only.
  process.umask(0o077);
  const config = loadConfig();
  const { app, context } = await buildApp(config);

  let isShuttingDown = false;
  const shutdown = async (signal: string) => {
    if (isShuttingDown) return;
    isShuttingDown = true;
    app.log.info({ signal }, 'shutting down: draining requests and closing sockets and database');
    const forceExit = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.shutdownGraceMs);
    forceExit.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      url: config.publicUrl,
      database: context.database.kind,
      redis: config.redisUrl ? 'on' : 'off',
      files: context.files.kind,
    },
    `ClipSync is serving on ${config.publicUrl}`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`ClipSync cannot start.\n${error.message}`);
  } else {
    console.error('ClipSync failed to start:', error);
  }
  process.exit(1);
});
