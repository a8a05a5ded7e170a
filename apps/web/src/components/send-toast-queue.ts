import type { DeviceSendPayload } from '@clipsync/shared';
import type { ToastStore } from '../ui/toast-store';

/** After a send's toast closes, the next one waits this long, so the two are not read as one. */
export const NEXT_SEND_DELAY_MS = 600;

/**
 * Received sends, shown one toast after another: the app shows one toast at a time, and several sends may
 * arrive at once (all that waited while the device was away). The next comes once the current toast has
 * closed, or another toast took its place (a 'Copied' after its Copy). A file received over a direct link
 * (`Send`: ReceivedFile) queues the same way.
 */
export function createSendToastQueue<Send = DeviceSendPayload>(toasts: Pick<ToastStore, 'subscribe'>) {
  const waiting: Send[] = [];
  /** How a send becomes a toast (its id); sends wait until there is one. */
  let show: ((send: Send) => Promise<string | undefined>) | undefined;
  /** The toast on screen for a send; 'showing' while its toast is being made. */
  let current: string | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const showNext = (): void => {
    if (current || !show) return;
    const next = waiting.shift();
    if (!next) return;
    current = 'showing';
    void show(next).then((id) => {
      current = id;
      // The store held it back (the same words within 2 s): on with the rest.
      if (!id) showNext();
    });
  };

  return {
    /** Sets (or replaces, when the words or the receive policy change) how a send is shown. */
    showWith(shower: (send: Send) => Promise<string | undefined>): void {
      show = shower;
      showNext();
    },
    push(send: Send): void {
      waiting.push(send);
      showNext();
    },
    /** Follows the toasts until the returned stop is called. */
    start(): () => void {
      const unsubscribe = toasts.subscribe((shown) => {
        if (!current || current === 'showing' || shown.some((toast) => toast.id === current && toast.open)) return;
        current = undefined;
        clearTimeout(timer);
        timer = setTimeout(showNext, NEXT_SEND_DELAY_MS);
      });
      return () => {
        unsubscribe();
        clearTimeout(timer);
      };
    },
  };
}
