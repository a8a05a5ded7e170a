import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdInputsUntilHydrated, IDLE_HYDRATION_DELAY_MS, whenFirstUsed } from './deferred-hydration';

/** Whether the promise has settled by the time the queued microtasks have run. */
async function hasSettled(promise: Promise<void>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await Promise.resolve();
  await Promise.resolve();
  return settled;
}

describe('whenFirstUsed', () => {
  afterEach(() => {
    vi.useRealTimers();
    window.history.replaceState(null, '', '/');
  });

  it('waits for the first input, of any kind', async () => {
    for (const type of ['pointerdown', 'touchstart', 'keydown', 'focusin', 'wheel', 'scroll']) {
      const used = whenFirstUsed();
      expect(await hasSettled(used)).toBe(false);
      window.dispatchEvent(new Event(type));
      expect(await hasSettled(used)).toBe(true);
    }
  });

  it('hears an input on the page before the page itself does', async () => {
    const button = document.body.appendChild(document.createElement('button'));
    let settledWhenHeard: boolean | null = null;
    const used = whenFirstUsed();
    let settled = false;
    void used.then(() => (settled = true));
    button.addEventListener('pointerdown', () => (settledWhenHeard = settled));
    button.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    // The wake listener ran first (capture, on window); the promise settles in the next microtask.
    expect(settledWhenHeard).toBe(false);
    expect(await hasSettled(used)).toBe(true);
    button.remove();
  });

  it('settles by itself once the page has been idle a while after loading', async () => {
    vi.useFakeTimers();
    const used = whenFirstUsed();
    vi.advanceTimersByTime(IDLE_HYDRATION_DELAY_MS - 1);
    expect(await hasSettled(used)).toBe(false);
    vi.advanceTimersByTime(1);
    // jsdom has no requestIdleCallback: the timer alone, as in Safari.
    expect(await hasSettled(used)).toBe(true);
  });

  it('settles at once for a page opened at a section', async () => {
    window.history.replaceState(null, '', '/#pricing');
    expect(await hasSettled(whenFirstUsed())).toBe(true);
  });
});

describe('holdInputsUntilHydrated', () => {
  function page() {
    const container = document.body.appendChild(document.createElement('div'));
    const button = container.appendChild(document.createElement('button'));
    const clicks = vi.fn();
    button.addEventListener('click', clicks);
    return { container, button, clicks };
  }
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('presses again a button pressed before the app took the page over, once hydrated, after the commit', async () => {
    const { container, button, clicks } = page();
    const held = holdInputsUntilHydrated(container);
    button.click();
    expect(clicks).toHaveBeenCalledTimes(1);
    held.rootCreated();
    held.replay();
    // Not from inside the commit that replays: React could not hydrate a part there to dispatch the press.
    expect(clicks).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve));
    expect(clicks).toHaveBeenCalledTimes(2);
  });

  it('leaves to React a press made once the root exists', () => {
    const { container, button, clicks } = page();
    const held = holdInputsUntilHydrated(container);
    held.rootCreated();
    button.click();
    held.replay();
    expect(clicks).toHaveBeenCalledTimes(1);
  });

  it('presses an app-wide shortcut again once hydrated, and nothing else', async () => {
    const { container } = page();
    const held = holdInputsUntilHydrated(container);
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: '?', shiftKey: true, bubbles: true }));
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }));
    const heard: string[] = [];
    const listener = (event: KeyboardEvent) => heard.push(event.key);
    window.addEventListener('keydown', listener);
    held.rootCreated();
    held.replay();
    await new Promise((resolve) => setTimeout(resolve));
    expect(heard).toEqual(['?']);
    // Once only: after the replay, nothing is held any more.
    held.replay();
    await new Promise((resolve) => setTimeout(resolve));
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: '?', bubbles: true }));
    expect(heard).toEqual(['?', '?']);
    window.removeEventListener('keydown', listener);
  });

  it('does not press again a shortcut the app already had (the key that woke the page)', async () => {
    const { container } = page();
    const held = holdInputsUntilHydrated(container);
    const heard: string[] = [];
    // The app's listener, as the first commit adds it while the key that woke the page is being dispatched.
    const appListener = (event: KeyboardEvent) => {
      heard.push(event.key);
      event.preventDefault();
    };
    const wake = () => {
      held.rootCreated();
      window.addEventListener('keydown', appListener);
      held.replay();
    };
    window.addEventListener('keydown', wake, { capture: true, once: true });
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: '?', bubbles: true, cancelable: true }));
    await new Promise((resolve) => setTimeout(resolve));
    expect(heard).toEqual(['?']);
    window.removeEventListener('keydown', appListener);
  });
});
