import { afterEach, describe, expect, test, vi } from 'vitest';
import { createBrowserHandledSends, createHandledSends, type ExclusiveLocks } from './handled-sends';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe('handled sends', () => {
  test('an id is acted on once: a repeat is refused', () => {
    const handled = createHandledSends(memoryStorage());
    expect(handled.claim('a')).toBe(true);
    expect(handled.claim('a')).toBe(false);
    expect(handled.claim('b')).toBe(true);
  });

  test('a reload of the tab still knows the ids it handled', () => {
    const storage = memoryStorage();
    createHandledSends(storage).claim('a');
    expect(createHandledSends(storage).claim('a')).toBe(false);
  });

  test('keeps the newest 200 ids; unreadable storage counts as none', () => {
    const storage = memoryStorage();
    const handled = createHandledSends(storage);
    for (let index = 0; index <= 200; index += 1) handled.claim(`id-${index}`);
    const reloaded = createHandledSends(storage);
    expect(reloaded.claim('id-200')).toBe(false);
    expect(reloaded.claim('id-0')).toBe(true);
    storage.setItem('clipsync.deviceSends.handled', '{not json');
    expect(createHandledSends(storage).claim('x')).toBe(true);
  });

  test('works without storage (refused by the browser)', () => {
    const handled = createHandledSends(undefined);
    expect(handled.claim('a')).toBe(true);
    expect(handled.claim('a')).toBe(false);
  });
});

/** Web Locks as a browser grants them: one holder at a time, each callback run later, in request order. */
function fakeLockManager() {
  let queue: Promise<unknown> = Promise.resolve();
  const requested: string[] = [];
  return {
    requested,
    request(name: string, callback: () => boolean): Promise<boolean> {
      requested.push(name);
      const granted = queue.then(() => new Promise<boolean>((resolve) => setTimeout(() => resolve(callback()), 0)));
      queue = granted.catch(() => undefined);
      return granted;
    },
  };
}

/** A tab of the browser: its own sessionStorage, the origin's localStorage and lock manager. */
function tab(shared: ReturnType<typeof memoryStorage>, locks: ExclusiveLocks) {
  return createBrowserHandledSends(shared, locks, createHandledSends(memoryStorage()));
}

describe('handled sends across the tabs of a browser', () => {
  test('two tabs given the same send at once: exactly one acts, and neither acts on a repeat', async () => {
    const shared = memoryStorage();
    const locks = fakeLockManager();
    const [first, second] = [tab(shared, locks), tab(shared, locks)];
    const claims = await Promise.all([first.claim('a'), second.claim('a'), second.claim('b'), first.claim('b')]);
    expect(claims).toEqual([true, false, true, false]);
    expect(await Promise.all([first.claim('a'), second.claim('a'), first.claim('b')])).toEqual([false, false, false]);
    expect(locks.requested.every((name) => name === 'clipsync.deviceSends.handled')).toBe(true);
  });

  test('a tab opened later knows what the others handled; the shared list keeps the newest 200', async () => {
    const shared = memoryStorage();
    const locks = fakeLockManager();
    const first = tab(shared, locks);
    for (let index = 0; index <= 200; index += 1) await first.claim(`id-${index}`);
    expect(JSON.parse(shared.getItem('clipsync.deviceSends.handled') ?? '[]')).toHaveLength(200);
    const later = tab(shared, locks);
    expect(await later.claim('id-200')).toBe(false);
    expect(await later.claim('id-0')).toBe(true);
  });

  test('a lock that cannot be had leaves the tab deciding alone, once per id', async () => {
    const failing: ExclusiveLocks = { request: () => Promise.reject(new Error('SecurityError')) };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const alone = tab(memoryStorage(), failing);
    expect(await alone.claim('a')).toBe(true);
    expect(await alone.claim('a')).toBe(false);
    expect(warn).toHaveBeenCalled();
  });
});

describe("this page's list", () => {
  afterEach(() => {
    vi.resetModules();
    Reflect.deleteProperty(navigator, 'locks');
    sessionStorage.clear();
  });

  test('without navigator.locks every tab acts once on its own, remembered in its sessionStorage', async () => {
    expect('locks' in navigator).toBe(false);
    const firstTab = await import('./handled-sends');
    expect(await firstTab.handledSendsOfThisBrowser().claim('a')).toBe(true);
    expect(await firstTab.handledSendsOfThisBrowser().claim('a')).toBe(false);
    expect(sessionStorage.getItem('clipsync.deviceSends.handled')).toBe('["a"]');
    expect(localStorage.getItem('clipsync.deviceSends.handled')).toBeNull();

    vi.resetModules();
    sessionStorage.clear(); // another tab: its own sessionStorage, the same localStorage
    const secondTab = await import('./handled-sends');
    expect(await secondTab.handledSendsOfThisBrowser().claim('a')).toBe(true);
  });

  test('with navigator.locks the list is the browser’s, in localStorage', async () => {
    const locks = fakeLockManager();
    Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
    const firstTab = await import('./handled-sends');
    expect(await firstTab.handledSendsOfThisBrowser().claim('a')).toBe(true);
    expect(localStorage.getItem('clipsync.deviceSends.handled')).toBe('["a"]');

    vi.resetModules();
    sessionStorage.clear();
    const secondTab = await import('./handled-sends');
    expect(await secondTab.handledSendsOfThisBrowser().claim('a')).toBe(false);
    expect(locks.requested).toHaveLength(2);
  });
});
