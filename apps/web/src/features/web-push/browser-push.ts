import { PushSubscriptionInput } from '@clipsync/shared';
import { isInstalledApp } from '../../lib/this-device';
import type { PushEnvironment } from './push-problem';

const isAppleMobile = () =>
  /iPad|iPhone|iPod/.test(navigator.userAgent) ||
  (navigator.userAgent.includes('Macintosh') && navigator.maxTouchPoints > 1);

/** This browser as `browserPushProblem` weighs it; reading it never asks the person. */
export function pushEnvironment(): PushEnvironment {
  const hasNotification = 'Notification' in window;
  return {
    hasNotification,
    hasPushManager: 'PushManager' in window,
    hasServiceWorker: 'serviceWorker' in navigator,
    isAppleMobile: isAppleMobile(),
    isInstalled: isInstalledApp({
      matchMedia: typeof window.matchMedia === 'function' ? (query) => window.matchMedia(query) : undefined,
      navigatorStandalone: (navigator as Navigator & { standalone?: boolean }).standalone,
    }),
    permission: hasNotification ? Notification.permission : undefined,
  };
}

/** The browser's answer so far; reading it never asks the person. */
export const notificationPermission = (): NotificationPermission => Notification.permission;

/** Asks the browser's permission: only ever on the person's own turning notifications on. */
export const askNotificationPermission = (): Promise<NotificationPermission> => Notification.requestPermission();

/** The server's key as the bytes `applicationServerKey` takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/**
 * Subscribes this browser with the push service for the server's key, through the service worker that will
 * show the notifications. A subscription made earlier is dropped first: it may be for another key.
 */
export async function subscribeThisBrowser(publicKey: string): Promise<PushSubscriptionInput> {
  const registration = await navigator.serviceWorker.ready;
  await (await registration.pushManager.getSubscription())?.unsubscribe();
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
  return PushSubscriptionInput.parse(subscription.toJSON());
}

/** Drops this browser's subscription, if it has one: the push service forgets it. */
export async function unsubscribeThisBrowser(): Promise<void> {
  const registration = await navigator.serviceWorker.ready;
  await (await registration.pushManager.getSubscription())?.unsubscribe();
}
