import { toastStore, type ToastInput } from './toast-store';

type Message = Omit<ToastInput, 'variant'>;

/** One object for the whole app, so hooks may list it as a dependency without re-running each render. */
const toast = {
  success: (message: Message) => toastStore.show({ duration: 3000, ...message }),
  /** Neutral news, neither a success nor a failure (the desktop's 'will be created' note). */
  info: (message: Message) => toastStore.show({ duration: 4000, ...message }),
  error: (message: Message) => toastStore.show({ duration: 5000, ...message, variant: 'destructive' }),
  dismiss: toastStore.dismiss,
};

/** `toast.success(...)` / `toast.error(...)`: the one way screens raise a toast. */
export function useToast() {
  return toast;
}
