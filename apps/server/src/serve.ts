import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from './app';
import type { AppConfig } from './config/env';
import { mailDeliveryOf } from './mail/mail-delivery';
import { noAdminNote } from './modules/accounts/admins-at-start';
import type { AppContext } from './app-context';
import { startNotice } from './start-notice';

/**
 * The running server: buildApp, listen, and the ways it ends. SIGTERM/SIGINT stop accepting, drain, then close
 * everything (exit 0). Losing the embedded database (its worker died) ends the process with 1: it could only
 * answer errors, and a supervisor (systemd, Docker, the compose file) restarts a process that exits, not one
 * that stays up.
 */
export async function serve(
  config: AppConfig,
  options: BuildAppOptions = {},
): Promise<{ app: FastifyInstance; context: AppContext }> {
  const { app, context } = await buildApp(config, options);

  let isShuttingDown = false;
  const shutdown = async (reason: string, exitCode: 0 | 1) => {
    if (isShuttingDown) return;
    isShuttingDown = true;
    app.log.info({ reason }, 'shutting down: draining requests and closing sockets and database');
    const forceExit = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.shutdownGraceMs);
    forceExit.unref();
    try {
      await app.close();
      process.exit(exitCode);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM', 0));
  process.on('SIGINT', () => void shutdown('SIGINT', 0));
  context.database.onLost(() => {
    app.log.fatal('the embedded database is gone: exiting so that the server is restarted');
    void shutdown('the embedded database stopped', 1);
  });

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
  // On stderr: stdout may be JSON lines that a log shipper parses.
  process.stderr.write(
    startNotice({
      url: config.isPublicUrlSet ? config.publicUrl : `http://localhost:${(app.server.address() as AddressInfo).port}`,
      noAdminNote: await noAdminNote(context.db, config.registration),
      mail: mailDeliveryOf(config),
      smtpHost: config.smtpUrl ? new URL(config.smtpUrl).host : undefined,
    }),
  );
  return { app, context };
}
