import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A small stand-in for Stripe's API: the calls the server's SDK makes (customers, Checkout Sessions,
 * portal sessions), answered with realistic objects and recorded, so tests drive the real SDK over HTTP
 * (STRIPE_API_BASE). Also the hosted pages a browser is sent to: `/checkout/{id}` with a Pay button that
 * posts a signed `checkout.session.completed` to the app's webhook and returns to the success URL, and
 * `/portal/{id}`.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  /** The SDK's form-encoded body, decoded into nested objects and arrays. */
  body: Record<string, unknown>;
  idempotencyKey: string | undefined;
}

type StripeObject = Record<string, unknown> & { id: string };

export interface StripeStandIn {
  /** Base URL, e.g. http://127.0.0.1:12111 (STRIPE_API_BASE). */
  url: string;
  /** Requests to `/v1/...` in the order they came. */
  requests: RecordedRequest[];
  requestsTo(method: string, path: string): RecordedRequest[];
  customers: Map<string, StripeObject>;
  checkoutSessions: Map<string, StripeObject>;
  portalSessions: Map<string, StripeObject>;
  /** Where the checkout page's Pay button sends its signed event from now on. */
  sendWebhooksTo(webhook: StandInWebhook): void;
  close(): Promise<void>;
}

export interface StandInWebhook {
  url: string;
  secret: string;
}

export interface StandInOptions {
  port?: number;
  host?: string;
  /** Where the checkout page's Pay button sends its signed `checkout.session.completed`. */
  webhook?: StandInWebhook;
}

/** `a[b][0][c]=1` → `{ a: { b: [{ c: '1' }] } }`, as Stripe reads the SDK's bodies. */
export function decodeStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = [...key.matchAll(/([^[\]]+)|\[([^\]]*)\]/g)].map((match) => match[1] ?? match[2] ?? '');
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((part, index) => {
      const isLast = index === path.length - 1;
      const nextIsIndex = /^\d+$/.test(path[index + 1] ?? '');
      const container = node as Record<string, unknown>;
      if (isLast) container[part] = value;
      else container[part] ??= nextIsIndex ? [] : {};
      node = container[part] as Record<string, unknown>;
    });
  }
  return root;
}

const newStripeId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

function sendHtml(response: ServerResponse, html: string): void {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  response.end(
    `<!doctype html><html><head><meta charset="utf-8"><title>Stripe stand-in</title></head><body>${html}</body></html>`,
  );
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function notFound(response: ServerResponse, path: string): void {
  sendJson(response, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${path})` } });
}

/** Starts the stand-in on 127.0.0.1 (port 0: any free port). */
export async function startStripeStandIn(options: StandInOptions = {}): Promise<StripeStandIn> {
  const requests: RecordedRequest[] = [];
  const customers = new Map<string, StripeObject>();
  const checkoutSessions = new Map<string, StripeObject>();
  const portalSessions = new Map<string, StripeObject>();
  /**
   * Stripe answers a repeated idempotency key with the very answer it first gave (a session paid or expired
   * since is still answered open), and refuses the key with other parameters.
   */
  const byIdempotencyKey = new Map<string, { answer: string; body: string }>();
  let base = '';
  let webhook = options.webhook;

  const api: Record<string, (body: Record<string, unknown>) => StripeObject> = {
    '/v1/customers': (body) => {
      const customer = { id: newStripeId('cus'), object: 'customer', created: now(), livemode: false, ...body };
      customers.set(customer.id, customer);
      return customer;
    },
    '/v1/checkout/sessions': (body) => {
      const id = newStripeId('cs_test');
      const session = {
        id,
        object: 'checkout.session',
        created: now(),
        livemode: false,
        status: 'open',
        payment_status: 'unpaid',
        subscription: null,
        ...body,
        url: `${base}/checkout/${id}`,
      };
      checkoutSessions.set(id, session);
      return session;
    },
    '/v1/billing_portal/sessions': (body) => {
      const id = newStripeId('bps');
      const session = { id, object: 'billing_portal.session', created: now(), livemode: false, ...body };
      const withUrl = { ...session, url: `${base}/portal/${id}` };
      portalSessions.set(id, withUrl);
      return withUrl;
    },
  };

  /** The Pay button: the session completes, the app hears it signed, the browser goes back. */
  async function completeCheckout(response: ServerResponse, sessionId: string): Promise<void> {
    const session = checkoutSessions.get(sessionId);
    if (!session) return notFound(response, `/checkout/${sessionId}`);
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      subscription: (session.subscription as string | null) ?? newStripeId('sub'),
    });
    if (webhook) {
      const payload = JSON.stringify({
        id: newStripeId('evt'),
        object: 'event',
        type: 'checkout.session.completed',
        created: now(),
        livemode: false,
        api_version: Stripe.API_VERSION,
        data: { object: session },
      });
      const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhook.secret });
      const delivered = await fetch(webhook.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': header },
        body: payload,
      });
      if (!delivered.ok) return sendJson(response, 502, { error: `webhook answered ${delivered.status}` });
    }
    const successUrl = String(session.success_url ?? base).replace('{CHECKOUT_SESSION_ID}', sessionId);
    response.writeHead(303, { location: successUrl });
    response.end();
  }

  function checkoutPage(response: ServerResponse, sessionId: string): void {
    const session = checkoutSessions.get(sessionId);
    if (!session) return notFound(response, `/checkout/${sessionId}`);
    const items = (session.line_items as { price?: string }[] | undefined) ?? [];
    sendHtml(
      response,
      `<h1>Stripe stand-in checkout</h1>
<p data-testid="checkout-session">${escapeHtml(sessionId)}</p>
<p data-testid="checkout-price">${escapeHtml(items.map((item) => item.price ?? '').join(', '))}</p>
<form method="post" action="/checkout/${escapeHtml(sessionId)}/complete"><button type="submit">Pay</button></form>
<a href="${escapeHtml(String(session.cancel_url ?? '/'))}">Cancel</a>`,
    );
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = new URL(request.url ?? '/', 'http://stand-in').pathname;
    const method = request.method ?? 'GET';
    if (path === '/health') return sendJson(response, 200, { ok: true });
    const checkout = path.match(/^\/checkout\/([\w-]+)(\/complete)?$/);
    if (checkout?.[1]) {
      if (checkout[2] && method === 'POST') return completeCheckout(response, checkout[1]);
      return checkoutPage(response, checkout[1]);
    }
    const portal = path.match(/^\/portal\/([\w-]+)$/);
    if (portal?.[1] && portalSessions.has(portal[1])) {
      return sendHtml(response, `<h1>Stripe stand-in customer portal</h1><p>${escapeHtml(portal[1])}</p>`);
    }
    const body = decodeStripeForm(await readBody(request));
    const idempotencyKey = request.headers['idempotency-key']?.toString();
    requests.push({ method, path, body, idempotencyKey });
    const create = method === 'POST' ? api[path] : undefined;
    if (!create) return notFound(response, path);
    const earlier = idempotencyKey ? byIdempotencyKey.get(`${path} ${idempotencyKey}`) : undefined;
    if (earlier && earlier.body !== JSON.stringify(body)) {
      return sendJson(response, 400, {
        error: {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
        },
      });
    }
    const answer = earlier?.answer ?? JSON.stringify(create(body));
    if (idempotencyKey) byIdempotencyKey.set(`${path} ${idempotencyKey}`, { answer, body: JSON.stringify(body) });
    sendJson(response, 200, JSON.parse(answer));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => sendJson(response, 500, { error: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { address, port } = server.address() as AddressInfo;
  base = `http://${address}:${port}`;
  return {
    url: base,
    requests,
    requestsTo: (method, path) => requests.filter((entry) => entry.method === method && entry.path === path),
    customers,
    checkoutSessions,
    portalSessions,
    sendWebhooksTo: (next) => {
      webhook = next;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
