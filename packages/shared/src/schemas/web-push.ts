import { z } from 'zod';
import { text } from './text';
import { ResourceId } from './clips';
import { PUSH_ENDPOINT_MAX, PUSH_FOLLOWED_ROOMS_MAX } from '../limits';

/**
 * Web Push (VAPID, RFC 8292; payloads encrypted with RFC 8291 `aes128gcm`): a subscription belongs to one of
 * the account's devices, the one that made it. A push never delivers a send: it announces it, and the app
 * takes the send through the existing delivery, exactly once.
 */

const base64url = (bytes: number) =>
  text()
    .length(Math.ceil((bytes * 4) / 3))
    .regex(/^[A-Za-z0-9_-]+$/, 'Must be base64url without padding');

/** The browser's `PushSubscription.toJSON()` keys: its P-256 public key (65 bytes) and auth secret (16). */
export const PushSubscriptionKeys = z.object({ p256dh: base64url(65), auth: base64url(16) });

const isLoopbackHost = (host: string) => host === 'localhost' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);

/**
 * A push service's endpoint: https only (every browser's push service is), except a loopback address, which
 * only the tests' push-service stand-in uses.
 */
export const PushEndpoint = text()
  .max(PUSH_ENDPOINT_MAX)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
    } catch {
      return false;
    }
  }, 'Must be an https URL');

export const PushSubscriptionInput = z.object({
  endpoint: PushEndpoint,
  keys: PushSubscriptionKeys,
  expirationTime: z.number().int().nullable().optional(),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInput>;

/** What the calling device is notified of. Defaults: sends and sign-ins on, the rest off, no text shown. */
export const PushPreferences = z.object({
  /** A send to this device while it has no socket open. */
  sends: z.boolean(),
  /** A new sign-in to the account (a session, a device sign-in), from anywhere. */
  signIns: z.boolean(),
  /** The first view of one of my private shares (a link with a view budget, a password or an expiry). */
  shareViews: z.boolean(),
  /** A send's text in the notification itself (off: lock screens show notifications). */
  showText: z.boolean(),
  /** Rooms whose new content is notified: rooms the account is a member of. */
  rooms: z
    .array(ResourceId)
    .max(PUSH_FOLLOWED_ROOMS_MAX)
    .refine((ids) => new Set(ids).size === ids.length, 'Each room once'),
});
export type PushPreferences = z.infer<typeof PushPreferences>;

export const UpdatePushPreferencesRequest = PushPreferences.partial().refine(
  (body) => Object.keys(body).length > 0,
  'Nothing to update',
);
export type UpdatePushPreferencesRequest = z.infer<typeof UpdatePushPreferencesRequest>;

/** `PUT /api/devices/current/push`: the browser's subscription, and optionally preferences to set with it. */
export const SubscribePushRequest = z.object({
  subscription: PushSubscriptionInput,
  preferences: PushPreferences.partial().optional(),
});
export type SubscribePushRequest = z.infer<typeof SubscribePushRequest>;

export const PushSettings = z.object({
  /** The server's VAPID public key (base64url, 65 bytes): the browser's `applicationServerKey`. */
  publicKey: z.string(),
  /** This device has a live subscription. */
  subscribed: z.boolean(),
  preferences: PushPreferences,
});
export type PushSettings = z.infer<typeof PushSettings>;
