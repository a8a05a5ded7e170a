/** Toasts: one at a time, removed 5000 ms after dismissal, the same toast within 2 s shown once. */
const TOAST_LIMIT = 1;
const TOAST_REMOVE_DELAY_MS = 5000;
const TOAST_DUPLICATE_GUARD_MS = 2000;

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** How long it stays open, 2000-5000 ms. */
  duration?: number;
  /** One button beside the words (an 'Undo'); pressing it closes the toast too. */
  action?: ToastAction;
  /** A second button after the first (a received clip's Open beside its Copy). */
  secondaryAction?: ToastAction;
}

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

type Listener = (toasts: readonly ToastItem[]) => void;

/**
 * One toast at a time (a new one replaces the current), a dismissed toast leaves the list
 * 5000 ms later, and the same title + description within 2 s is shown once.
 */
export function createToastStore(clock: { now: () => number } = Date) {
  let toasts: ToastItem[] = [];
  let counter = 0;
  let lastShown: { key: string; at: number } | undefined;
  const listeners = new Set<Listener>();
  let hasFocus = false;
  const focusListeners = new Set<(hasFocus: boolean) => void>();
  const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

  const publish = (next: ToastItem[]) => {
    toasts = next;
    listeners.forEach((listener) => listener(toasts));
  };

  const remove = (id: string) => {
    removalTimers.delete(id);
    publish(toasts.filter((toast) => toast.id !== id));
  };

  const dismiss = (id: string) => {
    if (removalTimers.has(id)) return;
    publish(toasts.map((toast) => (toast.id === id ? { ...toast, open: false } : toast)));
    removalTimers.set(
      id,
      setTimeout(() => remove(id), TOAST_REMOVE_DELAY_MS),
    );
  };

  const show = (input: ToastInput): string | undefined => {
    const key = `${input.variant ?? 'default'}|${input.title}|${input.description ?? ''}`;
    const now = clock.now();
    // A toast with a button stands for one action of the user's: the same words again are a new action.
    const isRepeat = lastShown?.key === key && now - lastShown.at < TOAST_DUPLICATE_GUARD_MS;
    if (isRepeat && !input.action && !input.secondaryAction) return undefined;
    lastShown = { key, at: now };
    const id = String(++counter);
    publish([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
    return id;
  };

  return {
    show,
    dismiss,
    getToasts: () => toasts,
    /**
     * Whether the keyboard focus is in the toasts (reached with F8, then Tab): the Toaster tells, and an
     * Undo's time stands still meanwhile, as the toast's own does in Radix.
     */
    hasFocus: () => hasFocus,
    setFocus(next: boolean) {
      if (next === hasFocus) return;
      hasFocus = next;
      focusListeners.forEach((listener) => listener(next));
    },
    subscribeFocus(listener: (hasFocus: boolean) => void) {
      focusListeners.add(listener);
      return () => {
        focusListeners.delete(listener);
      };
    },
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type ToastStore = ReturnType<typeof createToastStore>;

/** The app's one toast queue. */
export const toastStore = createToastStore();
