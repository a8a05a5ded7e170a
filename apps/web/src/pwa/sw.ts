/**
 * The service worker, built on its own into dist/sw.js (../../sw-build.ts) with the version's file list:
 * an offline shell, a prompt for new versions (update-prompt.ts), the share sheet's target, and Web Push's
 * notifications (push-handlers.ts). What each request gets is decided in sw-routes.ts.
 */
import { linkForClick, notificationFor, readPushMessage, type ShownNotification } from './push-handlers';
import { isEmptyShare, keepShare, shareFromForm } from './share-inbox';
import { shareFromRequest } from './share-source';
import { cacheNameFor, NOT_RECEIVED_PARAM, SHARE_PAGE_PATH, SHELL_URL, swStrategyFor } from './sw-routes';
import { SKIP_WAITING_MESSAGE } from './update-prompt';
import { workerLanguage } from './worker-language';

declare const __SW_VERSION__: string;
declare const __SW_PRECACHE__: string[];

// The DOM library this package compiles with has no service worker types; these are the parts used here.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
}
interface MessageEventWithData extends ExtendableEvent {
  readonly data: unknown;
}
interface PushEvent extends ExtendableEvent {
  readonly data: { text(): string } | null;
}
interface NotificationEvent extends ExtendableEvent {
  readonly action: string;
  readonly notification: Notification;
}
interface WindowClient {
  readonly url: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}
interface WorkerScope {
  readonly location: Location;
  readonly registration: {
    readonly active: object | null;
    showNotification(title: string, options: ShownNotification['options']): Promise<void>;
  };
  readonly clients: {
    claim(): Promise<void>;
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEventWithData) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
}

const worker = self as unknown as WorkerScope;
const cacheName = cacheNameFor(__SW_VERSION__);

worker.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(cacheName);
      // `reload`: past the browser's HTTP cache, so that the shell is this version's and not a stale copy.
      await cache.addAll(__SW_PRECACHE__.map((url) => new Request(url, { cache: 'reload' })));
      // The first version takes over at once; later ones wait for the user's Reload (update-prompt.ts), so
      // that an open page never runs old code against new files.
      if (!worker.registration.active) await worker.skipWaiting();
    })(),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith(cacheNameFor('')) && name !== cacheName)
          .map((name) => caches.delete(name)),
      );
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener('message', (event) => {
  if (event.data === SKIP_WAITING_MESSAGE) event.waitUntil(worker.skipWaiting());
});

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  const strategy = swStrategyFor(request, worker.location.origin);
  if (strategy === 'network') return;
  if (strategy === 'share-target') return event.respondWith(receiveShare(request));
  if (strategy === 'cache-first') return event.respondWith(cacheFirst(request));
  event.respondWith(networkFirst(request));
});

async function cacheFirst(request: Request): Promise<Response> {
  const cache = await caches.open(cacheName);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function networkFirst(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const cache = await caches.open(cacheName);
    // Every page of the app is the same index.html, which routes in the browser.
    const cached = await cache.match(request.mode === 'navigate' ? SHELL_URL : request);
    if (cached) return cached;
    throw error;
  }
}

async function receiveShare(request: Request): Promise<Response> {
  const share = shareFromForm(await request.formData());
  const page = new URL(SHARE_PAGE_PATH, worker.location.origin);
  if (!isEmptyShare(share)) {
    const from = shareFromRequest(request.headers.get('Origin'), request.referrer);
    // Never dropped unsaid: a share not kept (the inbox full, or the browser's storage refusing it) lands
    // on the share page with the reason, beside those that wait.
    const outcome = await keepShare(share, from).catch(() => 'not-kept' as const);
    if (outcome !== 'kept') page.searchParams.set(NOT_RECEIVED_PARAM, outcome);
  }
  // 303: the browser follows with a GET, so a reload of the app page never sends the share again.
  return Response.redirect(page.href, 303);
}

// A push only announces: the app, once opened, takes what it announces through its usual delivery.
worker.addEventListener('push', (event) => {
  event.waitUntil(
    (async () => {
      const message = readPushMessage(readPayload(event));
      const language = await workerLanguage(navigator.language);
      const { title, options } = notificationFor(message, language);
      await worker.registration.showNotification(title, options);
    })(),
  );
});

function readPayload(event: PushEvent): string | null {
  try {
    return event.data?.text() ?? null;
  } catch {
    return null;
  }
}

worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(linkForClick(event.notification.data, event.action), worker.location.origin).href;
  event.waitUntil(openApp(url));
});

/** Brings an open window of the app to the front on the link, else opens one. */
async function openApp(url: string): Promise<void> {
  const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === worker.location.origin);
  if (open) {
    // Focus needs the click's user activation: without it (a click dispatched by a test) the window still
    // goes to the link. A window this worker does not control cannot be navigated: a new one opens instead.
    await open.focus().catch(() => undefined);
    const navigated = await open.navigate(url).catch(() => null);
    if (navigated) return;
  }
  await worker.clients.openWindow(url);
}
