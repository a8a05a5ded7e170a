import { startStripeStandIn } from './stripe-stand-in';

/**
 * The Stripe stand-in as a process, for Playwright's webServer and local development:
 *
 *   STRIPE_WEBHOOK_SECRET=whsec_stand_in STRIPE_STAND_IN_WEBHOOK_URL=http://127.0.0.1:3100/api/stripe/webhook \
 *     npx tsx apps/server/test/stripe-stand-in-cli.ts
 *
 * Listens on STRIPE_STAND_IN_PORT (12111) and answers GET /health; point the app at it with
 * STRIPE_API_BASE=http://127.0.0.1:12111 and the same STRIPE_WEBHOOK_SECRET.
 */
const port = Number(process.env.STRIPE_STAND_IN_PORT ?? 12111);
const secret = process.env.STRIPE_WEBHOOK_SECRET ?? 'whsec_stand_in';
const webhookUrl = process.env.STRIPE_STAND_IN_WEBHOOK_URL ?? 'http://127.0.0.1:3000/api/stripe/webhook';

const standIn = await startStripeStandIn({ port, webhook: { url: webhookUrl, secret } });
console.warn(`Stripe stand-in on ${standIn.url}, sending checkout webhooks to ${webhookUrl}`);

const stop = () => void standIn.close().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
