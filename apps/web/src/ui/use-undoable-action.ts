import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastStore } from './toast-store';

/** How long an action waits for its Undo: the toast's own time on screen. */
export const UNDO_DELAY_MS = 5000;

export interface UndoableAction {
  /** What the action hides meanwhile (an item's id): it leaves the view at once. */
  key: string;
  /** The toast's words: what was done ('Item deleted'), and to what. */
  title: string;
  description?: string;
  /**
   * Carries the action out (sends the request). `keepalive` when the page is going away, so the request
   * outlives it. A rejection shows the item again; saying why is the caller's.
   */
  commit: (how: { keepalive: boolean }) => Promise<unknown>;
}

interface Waiting {
  commit: UndoableAction['commit'];
  /** Running while the focus is elsewhere; none while it is in the toasts. */
  timer: ReturnType<typeof setTimeout> | undefined;
  /** What is left of the 5 s, as of `startedAt`. */
  remaining: number;
  startedAt: number;
  toastId: string | undefined;
}

/**
 * An action that takes effect after a toast with 'Undo': the item leaves the view at once, Undo brings it
 * back with nothing sent, and the request goes when the toast's 5 s are over. Nothing is left half done:
 * should the page hide or unload first, the request goes then, with `keepalive`; should the screen go
 * (another page of the app), it goes at once. A new action carries out the one waiting before it at once,
 * since its toast, and so its Undo, is replaced. The 5 s are this hook's own timer, not the toast's (which
 * pauses under the pointer): the request never waits on where the pointer rests, and the toast is closed
 * when the request goes. They stand still while the keyboard focus is in the toasts (F8, then Tab to
 * Undo), so a keyboard user reaching for Undo is not overtaken by them.
 */
export function useUndoableAction() {
  const { t } = useTranslation();
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  const waiting = useRef(new Map<string, Waiting>());

  const show = useCallback((key: string, isShown: boolean) => {
    setHidden((current) => {
      if (current.has(key) !== isShown) return current;
      const next = new Set(current);
      if (isShown) next.delete(key);
      else next.add(key);
      return next;
    });
  }, []);

  const carryOut = useCallback(
    (key: string, keepalive: boolean) => {
      const entry = waiting.current.get(key);
      if (!entry) return;
      waiting.current.delete(key);
      clearTimeout(entry.timer);
      if (entry.toastId) toastStore.dismiss(entry.toastId);
      // Hidden for good on success: the caller's cache drops the item meanwhile, so it never flickers back.
      entry.commit({ keepalive }).catch(() => show(key, true));
    },
    [show],
  );

  const undo = useCallback(
    (key: string) => {
      const entry = waiting.current.get(key);
      if (!entry) return;
      waiting.current.delete(key);
      clearTimeout(entry.timer);
      show(key, true);
    },
    [show],
  );

  const startClock = useCallback(
    (key: string, entry: Waiting) => {
      if (entry.timer !== undefined) return;
      entry.startedAt = Date.now();
      entry.timer = setTimeout(() => carryOut(key, false), entry.remaining);
    },
    [carryOut],
  );

  useEffect(
    () =>
      toastStore.subscribeFocus((hasFocus) => {
        for (const [key, entry] of waiting.current) {
          if (!hasFocus) startClock(key, entry);
          else if (entry.timer !== undefined) {
            clearTimeout(entry.timer);
            entry.timer = undefined;
            entry.remaining = Math.max(0, entry.remaining - (Date.now() - entry.startedAt));
          }
        }
      }),
    [startClock],
  );

  // A toast closed without Undo (its X, Escape, a swipe, or replaced by another toast) takes its Undo with it:
  // the action goes at once, rather than wait on a clock that the focus left in the empty toast list stops.
  useEffect(() => {
    const unsubscribe = toastStore.subscribe((toasts) => {
      for (const [key, entry] of waiting.current) {
        const isOpen = toasts.some((toast) => toast.id === entry.toastId && toast.open);
        if (!isOpen) carryOut(key, false);
      }
    });
    return () => void unsubscribe();
  }, [carryOut]);

  useEffect(() => {
    const entries = waiting.current;
    const carryOutAll = (keepalive: boolean) => {
      for (const key of [...entries.keys()]) carryOut(key, keepalive);
    };
    const onPageHide = () => carryOutAll(true);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      carryOutAll(false);
    };
  }, [carryOut]);

  const run = useCallback(
    (action: UndoableAction) => {
      for (const key of [...waiting.current.keys()]) carryOut(key, false);
      show(action.key, false);
      const toastId = toastStore.show({
        title: action.title,
        description: action.description,
        duration: UNDO_DELAY_MS,
        action: { label: t('toast.undo'), onClick: () => undo(action.key) },
      });
      const entry: Waiting = {
        commit: action.commit,
        timer: undefined,
        remaining: UNDO_DELAY_MS,
        startedAt: Date.now(),
        toastId,
      };
      waiting.current.set(action.key, entry);
      if (!toastStore.hasFocus()) startClock(action.key, entry);
    },
    [carryOut, show, startClock, t, undo],
  );

  return { run, hidden };
}
