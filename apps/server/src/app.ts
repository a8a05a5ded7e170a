import { randomUUID } from 'node:crypto';
import { FILE_NAME_MAX } from '@clipsync/shared';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { DestinationStream } from 'pino';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config/env';
import { secureDataDir } from './config/data-dir';
import { resolveJwtSecret } from './config/secret';
import { openDatabase, type DatabaseHandle } from './db/client';
import type { StartedEmbeddedDatabase } from './db/embedded-start';
import { writeQueueFor } from './db/write-queue';
import { DomainEvents } from './lib/domain-events';
import { JobRuns } from './lib/job-runs';
import { loggableUrl } from './lib/loggable-url';
import { registerRequestContext } from './lib/request-context';
import { createMailQueue, DEFAULT_MAIL_QUEUE_OPTIONS } from './mail/mail-queue';
import { createMailer } from './mail/create-mailer';
import { authModule } from './modules/auth/auth.module';
import { billingModule } from './modules/billing/billing.module';
import { createEntitlements } from './modules/billing/entitlements.service';
import { SessionCache } from './lib/session-cache';
import { liveSessionExpiry } from './modules/auth/sessions.service';
import { SessionChecks } from './lib/session-checks';
import { areSignUpsClosed } from './modules/auth/registration.policy';
import { createPersonalTokenAuth } from './modules/tokens/token-auth';
import { tokensModule } from './modules/tokens/tokens.module';
import { deviceSignInModule } from './modules/device-sign-in/device-sign-in.module';
import { clipsModule } from './modules/clips/clips.module';
import { attemptLimitersOn } from './lib/attempt-limiter';
import type { AppContext } from './app-context';
import { registerModules } from './modules/define-module';
import { devModule } from './modules/dev/dev.module';
import { healthModule } from './modules/health/health.module';
import { networkModule } from './modules/network/network.module';
import { roomsModule } from './modules/rooms/rooms.module';
import { desktopModule } from './modules/desktop/desktop.module';
import { deviceSendsModule } from './modules/devices/sends/device-sends.module';
import { nearnessModule } from './modules/devices/nearness/nearness.module';
import { devicesModule } from './modules/devices/list/devices.module';
import { shareClaimsModule } from './modules/share-claims/share-claims.module';
import { adminInvitationsModule } from './modules/admin/invitations/invitations.module';
import { adminAccountsModule } from './modules/admin/accounts/accounts.module';
import { moderationModule } from './modules/admin/reports/reports.module';
import { auditModule } from './modules/admin/audit/audit.module';
import { adminUsersModule } from './modules/admin/users/users.module';
import { adminOverviewModule } from './modules/admin/overview/overview.module';
import { ssoModule } from './modules/sso/sso.module';
import { webPushModule } from './modules/web-push/web-push.module';
import { historyRetentionModule } from './modules/history-retention/history-retention.module';
import { clipboardKeyModule } from './modules/clipboard-key/clipboard-key.module';
import { authenticate } from './plugins/authenticate';
import { answerClientError, answerFrameworkError, registerErrorHandling } from './plugins/errors';
import { createRequestOrigins } from './lib/request-origins';
import { registerGracefulClose } from './plugins/graceful-close';
import { registerMetrics } from './plugins/metrics';
import { registerOpenApi } from './plugins/openapi';
import { createProxyNotice, registerProxyWarning } from './plugins/proxy-warning';
import { connectCounterRedis, registerRateLimits } from './plugins/rate-limits';
import { registerRefusedBodyDrain } from './plugins/refused-bodies';
import { registerRequestOriginChecks } from './plugins/request-origin-checks';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerSpa } from './plugins/spa';
import { startRealtime } from './realtime/socket-server';
import { openFileStore } from './storage/open-file-store';

/** The areas, each one registration (modules/<area>/<area>.module.ts): to add an area, add it here. */
const MODULES = [
  healthModule,
  networkModule,
  devModule,
  authModule,
  clipsModule,
  roomsModule,
  desktopModule,
  billingModule,
  tokensModule,
  deviceSignInModule,
  devicesModule,
  deviceSendsModule,
  nearnessModule,
  shareClaimsModule,
  adminInvitationsModule,
  adminAccountsModule,
  moderationModule,
  auditModule,
  adminUsersModule,
  adminOverviewModule,
  ssoModule,
  webPushModule,
  historyRetentionModule,
  clipboardKeyModule,
];

/** JSON bodies; a clip's text is the largest (CLIP_CONTENT_MAX characters, up to 4 bytes each). */
const BODY_LIMIT_BYTES = 5 * 1_048_576;

/**
 * The router refuses longer path parameters (414 `URI_TOO_LONG`, plugins/errors.ts). A file's download URL carries its name, which
 * percent-encodes to at most 9 characters per UTF-16 code unit (3 UTF-8 bytes, `%XX` each).
 */
const MAX_PARAM_LENGTH = FILE_NAME_MAX * 9;

/**
 * The longest a request may take to arrive, body included (a 10 MB upload at ~35 KB/s). Fastify's
 * default, 0, switches Node's own limit off: a client sending a byte a minute would hold its connection
 * and its half-written upload for as long as it liked.
 */
export const REQUEST_TIMEOUT_MS = 300_000;

/** pino-pretty's line for a person at a terminal: time, level, message, then the line's fields on the same line. */
const PRETTY_OPTIONS = { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true };

function loggerOptions(config: AppConfig, stream: DestinationStream | undefined) {
  // A terminal is read by a person; anything else (a pipe, a file, journald, a log shipper) gets JSON lines.
  const isPretty = process.stdout.isTTY && !stream;
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    // Tokens travel in headers; they never reach the logs.
    redact: ['req.headers.authorization', 'req.headers["x-refresh-token"]', 'req.headers.cookie'],
    // Query strings can carry a mailed link's token, some paths a share or invite token (lib/loggable-url.ts).
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        url: loggableUrl(request.url),
        ip: request.ip,
      }),
    },
    ...(isPretty ? { transport: { target: 'pino-pretty', options: PRETTY_OPTIONS } } : {}),
  };
}

/**
 * Answered requests are not logged by default: a person at the terminal drowned in them (20 000 lines in half
 * an hour), and a line per request cost ~14 % of the throughput of creating and fetching a clip on PostgreSQL
 * (bench/paste.ts). LOG_REQUESTS turns on one line each at `info`, once answered: method, path, caller's
 * address, status and time (never Fastify's "incoming request" line too). Errors keep Fastify's own line.
 */
class RequestLines extends LogController {
  constructor(private readonly isEachLogged: boolean) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) return super.requestCompleted(error, request, reply);
    if (!this.isEachLogged) return;
    reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

export interface BuildAppOptions {
  /** Receives the log lines (stdout otherwise). */
  logStream?: DestinationStream;
  /** Adds hooks that see every request. */
  observe?: (app: FastifyInstance) => void;
  /** A database already opened and migrated, which the app then owns (closes); else it opens config's. */
  database?: DatabaseHandle;
  /** The embedded database main.ts began to start before the server's modules loaded; the app then owns it. */
  startedDatabase?: Promise<StartedEmbeddedDatabase>;
}

/**
 * The one place plugins, modules and realtime are wired; tests call it with their own config and options.
 * The app is returned before `ready()` (listen and inject call it), so a test may add probe routes first.
 */
export async function buildApp(
  config: AppConfig,
  { logStream, observe, database: openedDatabase, startedDatabase }: BuildAppOptions = {},
): Promise<{ app: FastifyInstance; context: AppContext }> {
  const app = Fastify({
    logger: loggerOptions(config, logStream),
    // Only the listed proxies' X-Forwarded-For is believed (never `true` or a hop count: see config/env.ts).
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // Without these, what the router refuses (a bad `%` escape, a path parameter over maxParamLength) gets
    // Fastify's default body, which echoes the URL (a share token, a clip's public id) and carries an FST_ code
    // outside our documented enum, and what Node's parser refuses gets a bare status line with no body or code:
    // clients could not tell these errors by `code`, nor find them in the log by `requestId`.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeout: REQUEST_TIMEOUT_MS,
    // Stop accepting at once on close; keep-alive connections are dropped when idle (plugins/graceful-close.ts).
    forceCloseConnections: 'idle',
    logController: new RequestLines(config.logRequests),
    // In every log line of the request (`reqId`) and in its error body: unique across restarts and nodes,
    // unlike Fastify's counter. A client's own X-Request-Id is not taken (requestIdHeader stays off).
    genReqId: () => randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Before any plugin or route, so that its hooks see every request (the tests' contract check).
  observe?.(app);
  registerErrorHandling(app);
  const origins = createRequestOrigins([config.publicUrl, ...config.allowedOrigins]);
  registerRequestOriginChecks(app, origins);
  registerGracefulClose(app);
  registerRefusedBodyDrain(app);
  registerRequestContext(app);
  const noticeProxy = createProxyNotice(config.trustProxy, app.log);
  registerProxyWarning(app, noticeProxy);

  const serverSecret = await resolveJwtSecret(config.jwtSecret, config.dataDir);
  const database = openedDatabase ?? (await openDatabase(config.databaseUrl, config.dataDir, app.log, startedDatabase));
  app.addHook('onClose', async () => {
    await database.close();
  });
  const events = new DomainEvents((error, event) =>
    app.log.error({ err: error, event }, 'a domain event listener failed; the write it followed stands'),
  );
  const files = await openFileStore(config);
  app.addHook('onClose', () => files.close());
  await secureDataDir(config.dataDir);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }, app.log);
  const mail = createMailQueue(mailer, app.log, { ...DEFAULT_MAIL_QUEUE_OPTIONS, cooldownMs: config.mailCooldownMs });
  app.addHook('onClose', () => mail.close());

  registerSecurityHeaders(app);
  const counterRedis = config.redisUrl ? connectCounterRedis(config.redisUrl, app.log) : undefined;
  if (counterRedis) app.addHook('onClose', async () => void counterRedis.disconnect());
  await registerRateLimits(app, { perMinute: config.rateLimitPerMinute, redis: counterRedis });
  await registerOpenApi(app);

  // Sessions are revocable: the request plugin, the socket handshake and socket writes all ask the cache,
  // which a revocation updates at once, here and (through the socket adapter) on every other node.
  const sessions = new SessionCache((sessionId) => liveSessionExpiry(database.db, sessionId));
  const isLiveSession = (sessionId: string) => sessions.isActive(sessionId);
  // Personal access tokens: a session each, so their revocation is a session's (modules/tokens).
  const personalTokens = createPersonalTokenAuth({ db: database.db, isSessionActive: isLiveSession, log: app.log });
  const authenticatePersonalToken = personalTokens.authenticate;
  const realtime = startRealtime(app, {
    origins,
    trustProxy: config.trustProxy,
    noticeProxy,
    connectionsPerAddress: config.socketConnectionsPerIp,
    jwtSecret: serverSecret,
    isSessionActive: isLiveSession,
    authenticatePersonalToken,
    redisUrl: config.redisUrl,
  });
  events.on('session.revoked', ({ sessionId }) => {
    sessions.revoke(sessionId);
    // The in-memory adapter of a single node has no other node to tell (and warns when asked to).
    if (realtime.redis) realtime.io.serverSideEmit('session:revoked', sessionId);
  });
  realtime.io.on('session:revoked', (sessionId) => sessions.revoke(sessionId));
  const jobRuns = new JobRuns();
  // Before the modules, so their routes are measured too; unset, nothing is loaded and nothing is timed.
  if (config.metricsToken) await registerMetrics(app, config.metricsToken, { database, mail, realtime, jobRuns });
  await app.register(authenticate, {
    jwtSecret: serverSecret,
    isSessionActive: isLiveSession,
    authenticatePersonalToken,
    // A device's last seen follows its HTTP use (modules/devices/list/last-seen.ts, at most once a minute).
    onSignedIn: ({ sessionId, userId }) => events.emit('session.used', { sessionId, userId }),
  });

  const context: AppContext = {
    config,
    database,
    db: database.db,
    writes: writeQueueFor(database),
    events,
    files,
    mail,
    mailer,
    realtime,
    counterRedis,
    attemptLimiter: attemptLimitersOn(counterRedis),
    serverSecret,
    sessions,
    sessionChecks: new SessionChecks(),
    entitlements: createEntitlements(database.db, config.billing !== undefined),
    jobRuns,
    log: app.log,
  };
  await registerModules(app, context, MODULES);
  await registerSpa(app, {
    webDistDir: config.webDistDir,
    paymentsEnabled: config.billing !== undefined,
    areSignUpsClosed: () => areSignUpsClosed(context.db, config.registration),
  });
  return { app, context };
}
