import type { PushKind, PushMessage } from '@clipsync/shared';
import { and, eq, sql } from 'drizzle-orm';
import webpush from 'web-push';
import { pushSubscriptions } from '../../db/schema';
import { NotPublicHostError, postToPublicUrl } from '../../lib/public-address';
import type { PushContext } from './web-push.context';

/** A device's subscription as the sender reads it. */
export interface PushTarget {
  deviceId: string;
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

type Urgency = 'very-low' | 'low' | 'normal' | 'high';

/**
 * How long a push service keeps a push for a phone that is off, and how eagerly it wakes one: a send waits
 * for its device for days, so a day of announcing it is worth it; a sign-in matters now or not at all; a room
 * or a share's view can wait for the phone's next wake-up.
 */
const DELIVERY: Record<PushKind, { ttlSeconds: number; urgency: Urgency }> = {
  send: { ttlSeconds: 24 * 3600, urgency: 'high' },
  sign_in: { ttlSeconds: 3600, urgency: 'high' },
  room: { ttlSeconds: 6 * 3600, urgency: 'normal' },
  share_view: { ttlSeconds: 6 * 3600, urgency: 'low' },
};

/** Waits before each new try after a 429, a 5xx or no answer: bounded, so a push service that is down costs little. */
const RETRY_DELAYS_MS = [1_000, 5_000, 30_000];
/** Failed pushes in a row (every try spent) after which a subscription is taken as dead and removed. */
const FAILURES_BEFORE_REMOVAL = 5;
/** A push service that does not answer within this long is tried again later. */
const REQUEST_TIMEOUT_MS = 10_000;

export interface PushSender {
  /** Sends in the background: never throws, never waits for the push service. */
  push(target: PushTarget, message: PushMessage): void;
  /** Stops: retries waiting are dropped, pushes under way are cut, and their outcomes written. */
  close(): Promise<void>;
}

type Outcome = 'delivered' | 'gone' | 'retry' | 'failed';

function outcomeOf(status: number): Outcome {
  if (status >= 200 && status < 300) return 'delivered';
  if (status === 404 || status === 410) return 'gone';
  if (status === 429 || status >= 500) return 'retry';
  return 'failed';
}

export function createPushSender(ctx: PushContext): PushSender {
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  let isClosed = false;
  const closing = new AbortController();

  const ofThisSubscription = (target: PushTarget) =>
    and(eq(pushSubscriptions.deviceId, target.deviceId), eq(pushSubscriptions.endpoint, target.endpoint));

  async function deliverOnce(target: PushTarget, message: PushMessage): Promise<Outcome> {
    const keys = await ctx.vapidKeys;
    const { ttlSeconds, urgency } = DELIVERY[message.kind];
    const request = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      JSON.stringify(message),
      {
        vapidDetails: { subject: ctx.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: ttlSeconds,
        urgency,
        contentEncoding: 'aes128gcm',
      },
    );
    // web-push's own request would connect wherever the endpoint's name resolves: a user's subscription could
    // point the server into its own network. It is sent to a public address only, or to a host the operator
    // trusts (lib/public-address.ts). The subscription was checked so too, but its name may resolve otherwise now.
    try {
      const status = await postToPublicUrl(request.endpoint, {
        headers: request.headers,
        body: request.body ?? Buffer.alloc(0),
        signal: AbortSignal.any([AbortSignal.timeout(REQUEST_TIMEOUT_MS), closing.signal]),
        trustedHosts: ctx.trustedHosts,
      });
      return outcomeOf(status);
    } catch (error) {
      if (error instanceof NotPublicHostError) {
        ctx.log.warn(
          { deviceId: target.deviceId },
          'push endpoint is not a public address (nor a PUSH_TRUSTED_HOSTS host): subscription removed',
        );
        return 'gone';
      }
      ctx.log.warn({ err: error, deviceId: target.deviceId }, 'push service not reached');
      return 'retry';
    }
  }

  async function settle(target: PushTarget, outcome: Exclude<Outcome, 'retry'>): Promise<void> {
    if (outcome === 'delivered') {
      await ctx.db
        .update(pushSubscriptions)
        .set({ lastSuccessAt: sql`now()`, failures: 0 })
        .where(ofThisSubscription(target));
    } else if (outcome === 'gone') {
      // The browser unsubscribed or the push service dropped it: it will never take a push again.
      await ctx.db.delete(pushSubscriptions).where(ofThisSubscription(target));
    } else {
      const [row] = await ctx.db
        .update(pushSubscriptions)
        .set({ failures: sql`${pushSubscriptions.failures} + 1` })
        .where(ofThisSubscription(target))
        .returning({ failures: pushSubscriptions.failures });
      if (row && row.failures >= FAILURES_BEFORE_REMOVAL) {
        await ctx.db.delete(pushSubscriptions).where(ofThisSubscription(target));
      }
      ctx.log.warn({ deviceId: target.deviceId, failures: row?.failures }, 'push failed');
    }
  }

  function track(work: Promise<void>): void {
    const logged = work.catch((error: unknown) => ctx.log.error({ err: error }, 'push failed'));
    running.add(logged);
    void logged.finally(() => running.delete(logged));
  }

  function attempt(target: PushTarget, message: PushMessage, tried: number): void {
    track(
      (async () => {
        if (isClosed) return;
        const outcome = await deliverOnce(target, message);
        if (outcome !== 'retry') return settle(target, outcome);
        const delay = RETRY_DELAYS_MS[tried];
        // Cut by the server's own stop: not the subscription's failure.
        if (isClosed) return;
        if (delay === undefined) return settle(target, 'failed');
        const timer = setTimeout(() => {
          timers.delete(timer);
          attempt(target, message, tried + 1);
        }, delay).unref();
        timers.add(timer);
      })(),
    );
  }

  return {
    push: (target, message) => attempt(target, message, 0),
    async close() {
      isClosed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      closing.abort();
      await Promise.allSettled([...running]);
    },
  };
}
