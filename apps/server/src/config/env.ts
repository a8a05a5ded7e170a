import { isAbsolute, resolve } from 'node:path';
import { isIP } from 'node:net';
import {
  BILLING_INTERVALS,
  DEVICE_SEND_REDELIVER_MS,
  DEVICE_SENDS_PER_MINUTE,
  FILES_PER_CLIP_BOUND,
  HISTORY_RETENTION_CAP_MAX,
  PLAN_IDS,
  ROOM_INVITATIONS_PER_HOUR,
  type BillingInterval,
  type PlanId,
} from '@clipsync/shared';
import { z } from 'zod';
import { repoRoot } from '../server-root';
import { ConfigError } from './config-error';
import { RegistrationEnvSchema, registrationConfigOf, type RegistrationConfig } from './registration-config';
import { PushEnvSchema, pushConfigOf, type PushConfig } from './push-config';
import { S3EnvSchema, s3ConfigOf, type S3Config } from './s3-config';
import { SsoEnvSchema, ssoConfigOf, type SsoConfig } from './sso-config';

export { ConfigError };

const LogLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

/** An IPv4 or IPv6 address, optionally with a CIDR prefix that fits its family. */
function isAddressOrCidr(item: string): boolean {
  const [address = '', prefix, ...rest] = item.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset/false (no proxy, the socket address is the client) or a comma list of the proxies'
 * addresses/CIDRs. `true` and hop counts are refused: with either, any client that reaches the port
 * directly could choose its own address with X-Forwarded-For
 * (docs/security.md#per-address-limits-and-proxies).
 */
const TrustProxy = z
  .string()
  .trim()
  .transform((value, ctx): false | string[] => {
    if (value === '' || value === 'false') return false;
    const list = value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
    if (value === 'true' || /^\d+$/.test(value)) {
      ctx.addIssue({
        code: 'custom',
        message: `"${value}" would let any client choose its own address; write the proxy's address or CIDR range instead, e.g. TRUST_PROXY=127.0.0.1 or TRUST_PROXY=10.0.0.0/8,fd00::/8`,
      });
      return z.NEVER;
    }
    const invalid = list.filter((item) => !isAddressOrCidr(item));
    if (invalid.length === 0) return list;
    ctx.addIssue({
      code: 'custom',
      message: `not an IP address or CIDR range: ${invalid.join(', ')} (expected e.g. 127.0.0.1, 10.0.0.0/8 or fd00::/8)`,
    });
    return z.NEVER;
  });

/** ALLOWED_ORIGINS: extra browser origins (scheme://host[:port]) that may open a socket and write, by hosts the server answers to. */
const OriginList = z
  .string()
  .trim()
  .transform((value, ctx): string[] => {
    const origins: string[] = [];
    for (const item of value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)) {
      const parsed = URL.canParse(item) ? new URL(item) : undefined;
      if (!parsed || !/^https?:$/.test(parsed.protocol)) {
        ctx.addIssue({ code: 'custom', message: `not an http(s) origin: ${item}` });
        return z.NEVER;
      }
      origins.push(parsed.origin);
    }
    return origins;
  });

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATA_DIR: z.string().min(1).default(resolve(repoRoot, 'data')),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  TRUST_PROXY: TrustProxy.default(false),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('ClipSync <no-reply@localhost>'),
  MAIL_COOLDOWN_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  LOG_LEVEL: LogLevel.default('info'),
  LOG_REQUESTS: z.enum(['true', 'false', '1', '0', '']).default('false'),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(20),
  ROOM_INVITATIONS_PER_HOUR: z.coerce.number().int().positive().default(ROOM_INVITATIONS_PER_HOUR),
  ALLOWED_ORIGINS: OriginList.default([]),
  SOCKET_CONNECTIONS_PER_IP: z.coerce.number().int().positive().default(200),
  STORAGE_QUOTA_BYTES: z.coerce.number().int().positive().default(1_073_741_824),
  LAN_HOSTS_MAX: z.coerce.number().int().positive().default(5000),
  LAN_HOSTED_BYTES_MAX: z.coerce.number().int().positive().default(268_435_456),
  LAN_STORAGE_BYTES_MAX: z.coerce.number().int().positive().default(10_737_418_240),
  MAX_FILES_PER_CLIP: z.coerce.number().int().positive().max(FILES_PER_CLIP_BOUND).default(20),
  SHARE_CLAIMS_WAITING_MAX: z.coerce.number().int().positive().default(1000),
  SHARE_CLAIMS_BYTES_MAX: z.coerce.number().int().positive().default(1_073_741_824),
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(365),
  // Blank is unset (no cap), as a line `CLIP_RETENTION_DAYS=` in an env file means.
  CLIP_RETENTION_DAYS: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.coerce.number().int().min(1).max(HISTORY_RETENTION_CAP_MAX).optional(),
  ),
  WEB_DIST_DIR: z.string().min(1).default(resolve(repoRoot, 'apps/web/dist')),
  STRIPE_SECRET_KEY: z.string().trim().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().trim().min(1).optional(),
  STRIPE_PRICE_BASIC_MONTH: z.string().trim().min(1).optional(),
  STRIPE_PRICE_BASIC_YEAR: z.string().trim().min(1).optional(),
  STRIPE_PRICE_PRO_MONTH: z.string().trim().min(1).optional(),
  STRIPE_PRICE_PRO_YEAR: z.string().trim().min(1).optional(),
  STRIPE_PRICE_ADVANCED_MONTH: z.string().trim().min(1).optional(),
  STRIPE_PRICE_ADVANCED_YEAR: z.string().trim().min(1).optional(),
  STRIPE_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
  // Guards a page that maps the deployment (routes, load, pool sizes): short guessable tokens are refused.
  METRICS_TOKEN: z.string().trim().min(16, 'must be at least 16 characters').optional(),
  ...S3EnvSchema.shape,
  ...RegistrationEnvSchema.shape,
  ...SsoEnvSchema.shape,
  ...PushEnvSchema.shape,
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  DEVICE_SENDS_PER_MINUTE: z.coerce.number().int().positive().default(DEVICE_SENDS_PER_MINUTE),
  DEVICE_SEND_REDELIVER_MS: z.coerce.number().int().min(50).max(600_000).default(DEVICE_SEND_REDELIVER_MS),
  DEVICE_SEND_SCAN_MS: z.coerce.number().int().min(20).max(600_000).default(5_000),
});
type Env = z.infer<typeof EnvSchema>;

/** Stripe, when every key is given (docs/features.md, "Payments (Stripe)"); without it nothing is gated. */
export interface BillingConfig {
  secretKey: string;
  webhookSecret: string;
  /** Stripe's price id of each plan and interval. */
  prices: Record<PlanId, Record<BillingInterval, string>>;
  /** STRIPE_API_BASE: the SDK talks to this stand-in for Stripe's API instead (tests, local development). */
  apiBase: URL | undefined;
}

const priceVariable = (plan: PlanId, interval: BillingInterval) =>
  `STRIPE_PRICE_${plan.toUpperCase()}_${interval.toUpperCase()}` as keyof Env;

/** All of the keys and the six prices, or none of them: half a set is a mistake to name, not to guess around. */
function billingConfigOf(env: Env): BillingConfig | undefined {
  const required = [
    'STRIPE_SECRET_KEY',
    'STRIPE_WEBHOOK_SECRET',
    ...PLAN_IDS.flatMap((plan) => BILLING_INTERVALS.map((interval) => priceVariable(plan, interval))),
  ] as const;
  const missing = required.filter((name) => !env[name]);
  if (missing.length === required.length) return undefined;
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n  Stripe is partly configured; also set ${missing.join(', ')} (or unset every STRIPE_* variable to run without payments)`,
    );
  }
  const value = (name: keyof Env) => String(env[name]);
  const pricesOf = (plan: PlanId) =>
    Object.fromEntries(BILLING_INTERVALS.map((interval) => [interval, value(priceVariable(plan, interval))])) as Record<
      BillingInterval,
      string
    >;
  return {
    secretKey: value('STRIPE_SECRET_KEY'),
    webhookSecret: value('STRIPE_WEBHOOK_SECRET'),
    prices: { basic: pricesOf('basic'), pro: pricesOf('pro'), advanced: pricesOf('advanced') },
    apiBase: env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : undefined,
  };
}

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Origin mailed links point to; trusted like `allowedOrigins` (lib/request-origins.ts). */
  publicUrl: string;
  /** PUBLIC_URL was given: share links need no guessing of the machine's LAN address. */
  isPublicUrlSet: boolean;
  /** More browser origins whose sockets and writes are accepted, and whose hosts are answered (ALLOWED_ORIGINS). */
  allowedOrigins: string[];
  dataDir: string;
  /** Unset: embedded PGlite in `dataDir`. `memory://` is PGlite in memory (tests). */
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** The proxies whose X-Forwarded-For is believed; false when there is none. */
  trustProxy: false | string[];
  /** Unset: a generated secret kept in `dataDir` (see config/secret.ts). */
  jwtSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** At most one mail of a kind (confirmation, reset, already-registered) per address in this time. */
  mailCooldownMs: number;
  logLevel: z.infer<typeof LogLevel>;
  /** A line per answered request (LOG_REQUESTS); off, only failed requests are logged. */
  logRequests: boolean;
  rateLimitPerMinute: number;
  /** Attempts per client address per 15 minutes on each of login, register, forgot, reset and confirm. */
  authRateLimitPerIp: number;
  /** Room invitations one account may send, and one room may receive, per hour. */
  roomInvitationsPerHour: number;
  /** Open sockets one client address may hold. */
  socketConnectionsPerIp: number;
  /** Bytes of files one user may store. */
  storageQuotaBytes: number;
  /**
   * What all networks together may make the server hold: devices sharing their desktop at once and the
   * bytes of those desktops (memory, or Redis), and the bytes stored on every LAN desktop (disk).
   */
  lan: { maxHosts: number; maxHostedBytes: number; maxStoredBytes: number };
  maxFilesPerClip: number;
  /** What may wait under share claim links at once, all senders together (docs/security.md#shares-kept-for-a-claim). */
  shareClaims: { maxWaiting: number; maxBytes: number };
  webDistDir: string;
  /** Undefined without Stripe keys: billing answers 503 and nothing is gated. */
  billing: BillingConfig | undefined;
  /** The bearer token of `GET /api/metrics`; unset, the route does not exist and nothing is measured. */
  metricsToken: string | undefined;
  /** Undefined without S3_BUCKET: files stay in `dataDir/files`. */
  s3: S3Config | undefined;
  /** On SIGTERM, requests still running after this long are cut and the process exits 1 (main.ts). */
  shutdownGraceMs: number;
  /**
   * Sends to devices (docs/features.md#my-devices): per account per minute; a send handed to a socket and not acknowledged is
   * handed over again after `redeliverAfterMs`, looked for every `scanEveryMs`.
   */
  deviceSends: { perMinute: number; redeliverAfterMs: number; scanEveryMs: number };
  /** REGISTRATION, REGISTRATION_EMAIL_DOMAINS and ADMIN_EMAILS. */
  registration: RegistrationConfig;
  /** Audit log entries older than this many days are deleted (modules/admin/audit/audit.module.ts). */
  auditRetentionDays: number;
  /**
   * CLIP_RETENTION_DAYS: no history is kept longer than this many days, whatever its owner chose (undefined: the
   * console's cap applies, if any; modules/history-retention/).
   */
  clipRetentionDays: number | undefined;
  /** OIDC_*: sign-in through the team's identity provider; undefined without them (modules/sso/). */
  sso: SsoConfig | undefined;
  /** VAPID_*: Web Push's key pair (or one kept in DATA_DIR) and subject (modules/web-push/). */
  push: PushConfig;
}

/** Reads and validates every setting; the message names each bad variable so start-up fails readably. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  if (env.NODE_ENV === 'production' && env.DATABASE_URL && !env.JWT_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  JWT_SECRET: required in production with DATABASE_URL, so every node signs with the same key',
    );
  }
  const sso = ssoConfigOf(env);
  if (sso.missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n  OpenID Connect is partly configured; also set ${sso.missing.join(', ')} (or unset every OIDC_* variable to sign in with passwords only)`,
    );
  }
  const publicUrl = new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).origin;
  const toAbsolute = (path: string) => (isAbsolute(path) ? path : resolve(process.cwd(), path));
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    isPublicUrlSet: env.PUBLIC_URL !== undefined,
    allowedOrigins: env.ALLOWED_ORIGINS,
    dataDir: toAbsolute(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    trustProxy: env.TRUST_PROXY,
    jwtSecret: env.JWT_SECRET,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    mailCooldownMs: env.MAIL_COOLDOWN_SECONDS * 1000,
    logLevel: env.LOG_LEVEL,
    logRequests: env.LOG_REQUESTS === 'true' || env.LOG_REQUESTS === '1',
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
    authRateLimitPerIp: env.AUTH_RATE_LIMIT_PER_IP,
    roomInvitationsPerHour: env.ROOM_INVITATIONS_PER_HOUR,
    socketConnectionsPerIp: env.SOCKET_CONNECTIONS_PER_IP,
    storageQuotaBytes: env.STORAGE_QUOTA_BYTES,
    lan: {
      maxHosts: env.LAN_HOSTS_MAX,
      maxHostedBytes: env.LAN_HOSTED_BYTES_MAX,
      maxStoredBytes: env.LAN_STORAGE_BYTES_MAX,
    },
    maxFilesPerClip: env.MAX_FILES_PER_CLIP,
    shareClaims: { maxWaiting: env.SHARE_CLAIMS_WAITING_MAX, maxBytes: env.SHARE_CLAIMS_BYTES_MAX },
    webDistDir: toAbsolute(env.WEB_DIST_DIR),
    billing: billingConfigOf(env),
    metricsToken: env.METRICS_TOKEN,
    s3: s3ConfigOf(env),
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    deviceSends: {
      perMinute: env.DEVICE_SENDS_PER_MINUTE,
      redeliverAfterMs: env.DEVICE_SEND_REDELIVER_MS,
      scanEveryMs: env.DEVICE_SEND_SCAN_MS,
    },
    registration: registrationConfigOf(env),
    auditRetentionDays: env.AUDIT_RETENTION_DAYS,
    clipRetentionDays: env.CLIP_RETENTION_DAYS,
    sso: sso.config,
    push: pushConfigOf(env, { adminEmails: env.ADMIN_EMAILS, publicUrl }),
  };
}
