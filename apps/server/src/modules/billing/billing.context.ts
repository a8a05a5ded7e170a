import type { BillingInterval, PlanId } from '@clipsync/shared';
import Stripe from 'stripe';
import type { BillingConfig } from '../../config/env';
import type { Database, Transaction } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { quotaRuleOf, type QuotaRule } from '../../lib/storage-quota';
import type { AppContext } from '../../app-context';

/** Stripe as this server uses it: its keys and prices, and the SDK client built from them. */
export interface Payments {
  config: BillingConfig;
  stripe: Stripe;
}

export interface BillingContext {
  db: Database;
  /** Undefined without Stripe keys: every billing call answers 503 and nothing is gated. */
  payments: Payments | undefined;
  /** PUBLIC_URL: where Stripe sends the browser back. */
  publicUrl: string;
  /** The free quota each plan multiplies, for the storage the caller's plan gives. */
  storageQuota: QuotaRule;
}

export type { Transaction };

/** The area's context, from the app's. */
export function createBillingContext(ctx: AppContext): BillingContext {
  return {
    db: ctx.db,
    payments: createPayments(ctx.config.billing),
    publicUrl: ctx.config.publicUrl,
    storageQuota: quotaRuleOf(ctx.config),
  };
}

/** The SDK, pointed at STRIPE_API_BASE when given (a stand-in for Stripe's API in tests and development). */
export function createPayments(config: BillingConfig | undefined): Payments | undefined {
  if (!config) return undefined;
  const base = config.apiBase;
  const protocol = base?.protocol === 'http:' ? 'http' : 'https';
  const stripe = new Stripe(config.secretKey, {
    telemetry: false,
    ...(base ? { host: base.hostname, port: base.port || (protocol === 'http' ? 80 : 443), protocol } : {}),
  });
  return { config, stripe };
}

export function requirePayments(ctx: BillingContext): Payments {
  if (!ctx.payments) throw new AppError('PAYMENTS_NOT_CONFIGURED');
  return ctx.payments;
}

/** Which plan and interval a Stripe price id stands for, or undefined for a price this server does not sell. */
export function planOfPrice(
  config: BillingConfig,
  priceId: string,
): { plan: PlanId; interval: BillingInterval } | undefined {
  for (const [plan, byInterval] of Object.entries(config.prices) as [PlanId, Record<BillingInterval, string>][]) {
    for (const [interval, id] of Object.entries(byInterval) as [BillingInterval, string][]) {
      if (id === priceId) return { plan, interval };
    }
  }
  return undefined;
}
