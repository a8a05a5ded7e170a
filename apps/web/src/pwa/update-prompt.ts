/**
 * Registers the service worker (sw.ts) and tells the page when a new version of the app is installed and
 * waiting: the prompt (UpdatePrompt.tsx) lets the user reload into it when it suits them, instead of the
 * page switching code under their feet.
 */

/** What the page posts to a waiting worker to make it take over. */
export const SKIP_WAITING_MESSAGE = 'clipsync:skip-waiting';

/** The parts of ServiceWorker, ServiceWorkerRegistration and ServiceWorkerContainer used here. */
export interface WorkerLike {
  readonly state: string;
  postMessage(message: unknown): void;
  addEventListener(type: 'statechange', listener: () => void): void;
}
export interface RegistrationLike {
  readonly waiting: WorkerLike | null;
  readonly installing: WorkerLike | null;
  addEventListener(type: 'updatefound', listener: () => void): void;
}
export interface ContainerLike {
  readonly controller: object | null;
  /** Undefined where service workers are blocked without an error (Playwright's `serviceWorkers: 'block'`). */
  register(url: string, options: { scope: string }): Promise<RegistrationLike | undefined>;
  addEventListener(type: 'controllerchange', listener: () => void, options: { once: boolean }): void;
}

let waitingWorker: WorkerLike | null = null;
const listeners = new Set<() => void>();

/** The waiting new version, for useSyncExternalStore. */
export const updatePrompt = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  getWaiting: (): WorkerLike | null => waitingWorker,
  offer(worker: WorkerLike | null) {
    waitingWorker = worker;
    for (const listener of listeners) listener();
  },
};

/**
 * Offers a version that finished installing while an older one controls the page. Without a controller it
 * is the first install: it takes over by itself (sw.ts) and there is nothing to reload into.
 */
export function watchForUpdate(
  registration: RegistrationLike,
  container: Pick<ContainerLike, 'controller'>,
  onUpdate: (worker: WorkerLike) => void,
): void {
  if (registration.waiting && container.controller) onUpdate(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    if (!installing) return;
    installing.addEventListener('statechange', () => {
      if (installing.state === 'installed' && container.controller) onUpdate(installing);
    });
  });
}

/** The prompt's Reload: the waiting worker takes over, then the page reloads into the new version. */
export function applyUpdate(
  worker: WorkerLike,
  container: Pick<ContainerLike, 'addEventListener'>,
  reload: () => void = () => window.location.reload(),
): void {
  container.addEventListener('controllerchange', reload, { once: true });
  worker.postMessage(SKIP_WAITING_MESSAGE);
}

/** A browser may refuse the worker (a private window, a policy): the app works without it, only not offline. */
export async function registerServiceWorker(container: ContainerLike): Promise<void> {
  const registration = await container.register('/sw.js', { scope: '/' }).catch(() => undefined);
  if (!registration) return;
  watchForUpdate(registration, container, (worker) => updatePrompt.offer(worker));
}
