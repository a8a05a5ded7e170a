import { join } from 'node:path';
import { FILE_NAME_MAX } from '@clipsync/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config/env';
import { secureDataDir } from './config/data-dir';
import { resolveJwtSecret } from './config/secret';
import { openDatabase, type DatabaseHandle } from './db/client';
import { DomainEvents } from './lib/domain-events';
import { createMailQueue, DEFAULT_MAIL_QUEUE_OPTIONS } from './mail/mail-queue';
import { createMailer, type Mailer } from './mail/mailer';
import { authRoutes } from './modules/auth/auth.routes';
import { clipsRoutes } from './modules/clips/clips.routes';
import { purgeDrafts } from './modules/clips/clips.service';
import { registerClipSocketHandlers } from './modules/clips/clips.socket';
import { filesRoutes } from './modules/clips/files.routes';
import { isSessionActive } from './modules/auth/sessions.service';
import { outboxRoutes } from './modules/dev/outbox.routes';
import { healthRoutes } from './modules/health/health.routes';
import { networkRoutes } from './modules/network/network.routes';
import { authenticate } from './plugins/authenticate';
import { registerErrorHandling } from './plugins/errors';
import { registerOpenApi } from './plugins/openapi';
import { connectCounterRedis, registerRateLimits } from './plugins/rate-limits';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerSpa } from './plugins/spa';
import { startRealtime, type Realtime } from './realtime/socket-server';
import type { FileStore } from './storage/file-store';
import { createLocalDiskStore } from './storage/local-disk';

export interface AppServices {
  config: AppConfig;
  database: DatabaseHandle;
  events: DomainEvents;
  realtime: Realtime;
  mailer: Mailer;
  files: FileStore;
  jwtSecret: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}

/** JSON bodies; a clip's text is the largest (CLIP_CONTENT_MAX characters, up to 4 bytes each). */
const BODY_LIMIT_BYTES = 5 * 1_048_576;
const DRAFT_LIFETIME_MS = 24 * 60 * 60 * 1000;
const DRAFT_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The router refuses longer path parameters with a 404. A file's download URL carries its name, which
 * percent-encodes to at most 9 characters per UTF-16 code unit (3 UTF-8 bytes, `%XX` each).
 */
const MAX_PARAM_LENGTH = FILE_NAME_MAX * 9;

function loggerOptions(config: AppConfig) {
  const isPretty = config.env === 'development' && process.stdout.isTTY;
  return {
    level: config.logLevel,
    // Tokens travel in headers; they never reach the logs.
    redact: ['req.headers.authorization', 'req.headers["x-refresh-token"]', 'req.headers.cookie'],
    // Query strings can carry a mailed link's token: logs keep the path only.
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        url: request.url.split('?')[0],
        ip: request.ip,
      }),
    },
    ...(isPretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss' } } } : {}),
  };
}

/**
 * The one place plugins, modules and realtime are wired; tests call it with their own config. The app is
 * returned before `ready()` (listen and inject call it), so a test may add probe routes first.
 */
export async function buildApp(config: AppConfig): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config),
    // Only the listed proxies' X-Forwarded-For is believed (never `true` or a hop count: see config/env.ts).
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    bodyLimit: BODY_LIMIT_BYTES,
    // Stop accepting at once on close; keep-alive connections are dropped when idle.
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  const jwtSecret = await resolveJwtSecret(config.jwtSecret, config.dataDir);
  const database = await openDatabase(config.databaseUrl, config.dataDir, app.log);
  app.addHook('onClose', async () => {
    await database.close();
  });
  const events = new DomainEvents();
  const files = await createLocalDiskStore(join(config.dataDir, 'files'));
  await secureDataDir(config.dataDir);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }, app.log);
  const mail = createMailQueue(mailer, app.log, { ...DEFAULT_MAIL_QUEUE_OPTIONS, cooldownMs: config.mailCooldownMs });
  app.addHook('onClose', () => mail.close());

  await registerSecurityHeaders(app);
  const counterRedis = config.redisUrl ? connectCounterRedis(config.redisUrl, app.log) : undefined;
  if (counterRedis) app.addHook('onClose', async () => void counterRedis.disconnect());
  await registerRateLimits(app, { perMinute: config.rateLimitPerMinute, redis: counterRedis });
  await registerOpenApi(app);

  const realtime = startRealtime(app, {
    allowedOrigins: [config.publicUrl, ...config.allowedOrigins],
    trustProxy: config.trustProxy,
    connectionsPerAddress: config.socketConnectionsPerIp,
    jwtSecret,
    isSessionActive: (sessionId) => isSessionActive(database.db, sessionId),
    redisUrl: config.redisUrl,
    events,
  });
  app.decorate('services', { config, database, events, realtime, mailer, files, jwtSecret });
  await app.register(authenticate, {
    jwtSecret,
    isSessionActive: (sessionId) => isSessionActive(database.db, sessionId),
  });

  await app.register(healthRoutes, { prefix: '/api', database, redis: realtime.redis, files });
  await app.register(networkRoutes, { prefix: '/api', config });
  const authContext = { db: database.db, events, jwtSecret, mail, publicUrl: config.publicUrl };
  await app.register(authRoutes, {
    prefix: '/api/auth',
    ctx: authContext,
    counterRedis,
    attemptsPerIp: config.authRateLimitPerIp,
  });
  if (config.env !== 'production') await app.register(outboxRoutes, { prefix: '/api/dev', mailer });

  const clipsContext = {
    db: database.db,
    events,
    files,
    limits: { storageQuotaBytes: config.storageQuotaBytes, maxFilesPerClip: config.maxFilesPerClip },
  };
  await app.register(clipsRoutes, { prefix: '/api/clipboard', ctx: clipsContext });
  await app.register(filesRoutes, { prefix: '/api/files', ctx: clipsContext });
  realtime.onConnection((socket, guards) => registerClipSocketHandlers(socket, clipsContext, guards));
  const sweepDrafts = () =>
    purgeDrafts(clipsContext, new Date(Date.now() - DRAFT_LIFETIME_MS)).catch((error: unknown) =>
      app.log.warn({ err: error }, 'draft sweep failed'),
    );
  const draftSweep = setInterval(sweepDrafts, DRAFT_SWEEP_INTERVAL_MS).unref();
  app.addHook('onClose', async () => clearInterval(draftSweep));
  await registerSpa(app, config.webDistDir);
  return app;
}
