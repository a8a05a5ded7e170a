import { shortcutOf } from '../ui/shortcuts';

/**
 * The prerendered landing page is whole without React (src/app/prerendered.ts): its links are plain
 * `<a href>`, its sections are anchors. Hydrating it is the app's largest piece of main-thread work after
 * loading, and a phone pays it while the page is still being read (Lighthouse's Total Blocking Time:
 * bench/README.md, landing). So main.tsx hydrates it when the visitor first does something with the page,
 * or once the page has sat idle a while after loading, whichever comes first
 * (docs/decisions/032-landing-hydrated-on-first-use.md).
 */

/**
 * Any of these starts hydrating. A discrete event (pointerdown, touchstart, keydown) on the page then
 * finishes it at once: React hydrates synchronously before it dispatches such an event into a root still
 * being hydrated, so the press that woke the page reaches its button or link.
 */
export const WAKE_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'wheel', 'scroll', 'click'] as const;

/** Idle this long after the load event, the page hydrates anyway (a visitor reading without touching it). */
export const IDLE_HYDRATION_DELAY_MS = 5000;

interface WaitOptions {
  delayMs?: number;
}

/**
 * Settles at the visitor's first input, or `delayMs` after the load event (when the browser is next idle);
 * at once for a page opened at a section (`/#pricing`: scrolled there, its header opaque) or already
 * scrolled. The listeners are capture-phase on `window`, so they hear every input before the page's own.
 */
export function whenFirstUsed({ delayMs = IDLE_HYDRATION_DELAY_MS }: WaitOptions = {}): Promise<void> {
  return new Promise((resolve) => {
    if (window.location.hash !== '' || window.scrollY > 0) return resolve();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let idle: number | undefined;
    const wake = () => {
      for (const type of WAKE_EVENTS) window.removeEventListener(type, wake, { capture: true });
      window.removeEventListener('load', startTimer);
      clearTimeout(timer);
      if (idle !== undefined) window.cancelIdleCallback(idle);
      resolve();
    };
    function startTimer() {
      timer = setTimeout(() => {
        // Safari has no requestIdleCallback: the timer alone then.
        if ('requestIdleCallback' in window) idle = window.requestIdleCallback(wake, { timeout: 1000 });
        else wake();
      }, delayMs);
    }
    for (const type of WAKE_EVENTS) window.addEventListener(type, wake, { capture: true, passive: true });
    if (document.readyState === 'complete') startTimer();
    else window.addEventListener('load', startTimer, { once: true });
  });
}

/**
 * What the page cannot do before it is hydrated, held and done once it is: the app-wide shortcuts (`?`
 * opens the shortcuts dialog) listen on `window` from an effect, so a shortcut pressed before is pressed
 * again; and a button pressed before the app has taken the page over at all (its script still loading) is
 * pressed again. Links need nothing: they work without JavaScript. A press after `rootCreated()` is React's
 * own (see WAKE_EVENTS).
 */
export function holdInputsUntilHydrated(container: HTMLElement) {
  const keys: KeyboardEvent[] = [];
  const buttons: HTMLButtonElement[] = [];
  let isRootCreated = false;
  const onKeyDown = (event: KeyboardEvent) => {
    const shortcut = shortcutOf(event);
    // Saving belongs to the clip editor, which is no part of this page.
    if (shortcut !== null && shortcut !== 'save') keys.push(event);
  };
  const onClick = (event: MouseEvent) => {
    if (isRootCreated || !(event.target instanceof Element) || !container.contains(event.target)) return;
    const button = event.target.closest('button');
    if (button && !button.disabled) buttons.push(button);
  };
  window.addEventListener('keydown', onKeyDown, { capture: true });
  window.addEventListener('click', onClick, { capture: true });
  const stop = () => {
    window.removeEventListener('keydown', onKeyDown, { capture: true });
    window.removeEventListener('click', onClick, { capture: true });
  };
  return {
    /** hydrateRoot has been called: React hears the page's events from now on. */
    rootCreated() {
      isRootCreated = true;
      window.removeEventListener('click', onClick, { capture: true });
    },
    /**
     * The hydrated page's effects have run (its listeners are on): what was held is done now, once. The keys
     * after the press being dispatched, if one is: a key that itself woke the page hydrates it within its own
     * dispatch, and then reaches the app's listener too, which prevents its default. That one is not pressed
     * again.
     */
    replay() {
      stop();
      const pressed = buttons.splice(0);
      const presses = keys.splice(0);
      // After the commit that calls this: a press on a part of the page hydrated on its own (the pricing plans)
      // makes React hydrate that part at once, which it cannot do from inside a commit, and it drops the press.
      setTimeout(() => {
        for (const button of pressed) if (button.isConnected && !button.disabled) button.click();
        presses.filter((press) => !press.defaultPrevented).forEach(pressAgain);
      });
    },
  };
}

function pressAgain(press: KeyboardEvent) {
  const target = press.target instanceof Node && press.target.isConnected ? press.target : document.body;
  target.dispatchEvent(
    new KeyboardEvent('keydown', {
      key: press.key,
      code: press.code,
      ctrlKey: press.ctrlKey,
      metaKey: press.metaKey,
      altKey: press.altKey,
      shiftKey: press.shiftKey,
      bubbles: true,
      cancelable: true,
    }),
  );
}
