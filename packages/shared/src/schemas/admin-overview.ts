import { z } from 'zod';
import { RegistrationMode } from './auth';
import { ReadyResponse } from './health';
import { HistoryRetentionCap } from './history-retention';
import { text } from './text';

/** How many domains the console may list: a sign-up form names them all in one sentence. */
export const REGISTRATION_EMAIL_DOMAINS_MAX = 20;

/** A domain as people write it after the @: labels of letters, digits and hyphens, at least one dot. */
export const EMAIL_DOMAIN_PATTERN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/;

export const EmailDomain = text()
  .trim()
  .toLowerCase()
  .regex(EMAIL_DOMAIN_PATTERN, 'Not an e-mail domain (e.g. example.com)');

/** The domains sign-ups are for, as the console saves them: lower-cased, each once; empty: any. */
export const RegistrationEmailDomains = z
  .array(EmailDomain)
  .max(REGISTRATION_EMAIL_DOMAINS_MAX)
  .transform((domains) => [...new Set(domains)]);

/** Where a setting's value comes from: the environment wins over the console, which wins over the default. */
export const SETTING_SOURCES = ['environment', 'console', 'default'] as const;
export const SettingSource = z.enum(SETTING_SOURCES);
export type SettingSource = z.infer<typeof SettingSource>;

/** A setting as the console shows it: its value, where it comes from, and whether the console may change it. */
const consoleSetting = <T extends z.ZodType>(value: T) =>
  z.object({ value, source: SettingSource, editable: z.boolean() });

/**
 * `GET /api/admin/settings`: who may sign up (REGISTRATION) and at which domains (REGISTRATION_EMAIL_DOMAINS), and
 * the most days any history is kept (CLIP_RETENTION_DAYS; null: no cap).
 */
export const AdminSettings = z.object({
  mode: consoleSetting(RegistrationMode),
  emailDomains: consoleSetting(z.array(z.string())),
  clipRetentionDays: consoleSetting(HistoryRetentionCap.nullable()),
});
export type AdminSettings = z.infer<typeof AdminSettings>;

/**
 * `PUT /api/admin/settings`: what the console changes; a setting left out stays as it is. Empty domains: any; a
 * null cap: histories are kept as their owners chose.
 */
export const UpdateAdminSettingsRequest = z.object({
  mode: RegistrationMode.optional(),
  emailDomains: RegistrationEmailDomains.optional(),
  clipRetentionDays: HistoryRetentionCap.nullable().optional(),
});
export type UpdateAdminSettingsRequest = z.infer<typeof UpdateAdminSettingsRequest>;

/** A background job as this node last saw it run (jobs run on one node at a time, so another node may show none). */
export const JobStatus = z.object({
  name: z.string(),
  everySeconds: z.number(),
  lastRunAt: z.string().nullable(),
  lastOutcome: z.enum(['ok', 'failed', 'skipped']).nullable(),
});
export type JobStatus = z.infer<typeof JobStatus>;

/**
 * `GET /api/admin/overview`: the instance at a glance, every figure exact. The counts (users to storage) were
 * counted at `countedAt`: at this call, or (a count slower than a second) by the node's last count, at most ~30 s
 * old unless counting fails; the rest is read at each call.
 */
export const AdminOverview = z.object({
  version: z.string(),
  users: z.object({ total: z.number(), activeLast7Days: z.number() }),
  /** Devices with a socket open now, on every node (through Redis when it is on). */
  devicesOnline: z.number(),
  /** Clips that are not drafts. */
  clips: z.number(),
  rooms: z.number(),
  storage: z.object({
    /** Where files are kept: the local disk under DATA_DIR, or an S3 bucket. */
    fileStore: z.enum(['disk', 's3']),
    textBytes: z.number(),
    fileBytes: z.number(),
  }),
  /** Mails waiting on this node (the queue is in memory, per node); `smtp` or the dev `outbox`. */
  mail: z.object({ transport: z.enum(['smtp', 'outbox']), pending: z.number() }),
  jobs: z.array(JobStatus),
  health: ReadyResponse.shape.checks,
  countedAt: z.string(),
});
export type AdminOverview = z.infer<typeof AdminOverview>;
