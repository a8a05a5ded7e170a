import { toastStore, type ToastInput } from './toast-store';

type Message = Omit<ToastInput, 'variant'>;

/** `toast.success(...)` / `toast.error(...)`: the one way screens raise a toast. */
export function useToast() {
  return {
    success: (message: Message) => toastStore.show({ duration: 3000, ...message }),
    error: (message: Message) => toastStore.show({ duration: 5000, ...message, variant: 'destructive' }),
    dismiss: toastStore.dismiss,
  };
}
