import { API_BASE, OPS_ENDPOINTS, type MailSetup } from '@clipsync/shared';
import type { AppConfig } from '../config/env';

/**
 * Where mails go: `smtp` (SMTP_URL), `outbox` (no SMTP_URL: logged with their links and listed at the dev
 * outbox for callers on this machine), `log` (no SMTP_URL and no outbox: in production, or behind a proxy,
 * the links are in the server's log only).
 */
export type MailDelivery = 'smtp' | 'outbox' | 'log';

/** With TRUST_PROXY visitors arrive through a proxy: no outbox then, except in the test runs (dev.module.ts). */
export function mailDeliveryOf(config: Pick<AppConfig, 'env' | 'smtpUrl' | 'trustProxy'>): MailDelivery {
  if (config.smtpUrl) return 'smtp';
  if (config.env === 'production') return 'log';
  return config.trustProxy && config.env !== 'test' ? 'log' : 'outbox';
}

/** What the web is told (the sign-up settings): mail set up or not, and the dev outbox's path where it is offered. */
export function mailSetupOf(config: Pick<AppConfig, 'env' | 'smtpUrl' | 'trustProxy'>): MailSetup {
  const delivery = mailDeliveryOf(config);
  if (delivery === 'outbox') return { configured: false, outboxPath: `${API_BASE}${OPS_ENDPOINTS.devOutbox.path}` };
  return { configured: delivery === 'smtp' };
}
