import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root, so `DATA_DIR` and the web build resolve the same from any working directory. */
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

const LogLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

/**
 * TRUST_PROXY: unset/false (no proxy, the socket address is the client), true (trust every hop), a hop count,
 * or a comma list of proxy addresses/CIDRs — the values Fastify's `trustProxy` accepts.
 */
const TrustProxy = z
  .string()
  .trim()
  .transform((value, ctx): boolean | number | string[] => {
    if (value === '' || value === 'false') return false;
    if (value === 'true') return true;
    if (/^\d+$/.test(value)) return Number(value);
    const list = value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
    if (list.every((item) => /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(item))) return list;
    ctx.addIssue({ code: 'custom', message: 'expected false, true, a hop count or a comma list of addresses/CIDRs' });
    return z.NEVER;
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
  LOG_LEVEL: LogLevel.default('info'),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(20),
  WEB_DIST_DIR: z.string().min(1).default(resolve(repoRoot, 'apps/web/dist')),
});

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Origin the browser uses; Socket.IO accepts only this Origin and mails link to it. */
  publicUrl: string;
  dataDir: string;
  /** Unset: embedded PGlite in `dataDir`. `memory://` is PGlite in memory (tests). */
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  trustProxy: boolean | number | string[];
  /** Unset: a generated secret kept in `dataDir` (see config/secret.ts). */
  jwtSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: z.infer<typeof LogLevel>;
  rateLimitPerMinute: number;
  /** Attempts per client address per 15 minutes on each of login, register, forgot, reset and confirm. */
  authRateLimitPerIp: number;
  webDistDir: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
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
  const toAbsolute = (path: string) => (isAbsolute(path) ? path : resolve(process.cwd(), path));
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl: new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).origin,
    dataDir: toAbsolute(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    trustProxy: env.TRUST_PROXY,
    jwtSecret: env.JWT_SECRET,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    logLevel: env.LOG_LEVEL,
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
    authRateLimitPerIp: env.AUTH_RATE_LIMIT_PER_IP,
    webDistDir: toAbsolute(env.WEB_DIST_DIR),
  };
}
