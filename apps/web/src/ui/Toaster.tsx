import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from './cn';
import { passOnEscape } from './escape-passed-on';
import { toastStore } from './toast-store';

/** Renders the toast queue with Radix Toast (announced to screen readers, swipe to dismiss). */
export function Toaster() {
  const { t } = useTranslation();
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.getToasts);
  useToastFocus();
  return (
    <ToastPrimitive.Provider swipeDirection="right" label={t('toast.region')}>
      {toasts.map((toast) => (
        <ToastPrimitive.Root
          key={toast.id}
          open={toast.open}
          duration={toast.duration ?? 4000}
          onOpenChange={(open) => !open && toastStore.dismiss(toast.id)}
          // Escape closes the toast only when the focus is in one; pressed in a dialog, it is the dialog's.
          onEscapeKeyDown={(event) => {
            if (event.target instanceof Element && event.target.closest('[data-toast]')) return;
            event.preventDefault();
            passOnEscape(event);
          }}
          data-toast=""
          className={cn(
            'relative rounded-xl border p-4 pr-10 shadow-lg',
            toast.variant === 'destructive'
              ? 'border-red-700 bg-red-700 text-white'
              : 'border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
          )}
        >
          <ToastPrimitive.Title className="text-sm font-semibold">{toast.title}</ToastPrimitive.Title>
          {toast.description && (
            <ToastPrimitive.Description className="mt-1 text-sm opacity-90">
              {toast.description}
            </ToastPrimitive.Description>
          )}
          {(toast.action || toast.secondaryAction) && (
            <div className="mt-2 flex flex-wrap gap-2">
              {[toast.action, toast.secondaryAction].map(
                (action) =>
                  action && (
                    <ToastPrimitive.Action
                      key={action.label}
                      altText={action.label}
                      onClick={action.onClick}
                      className="rounded-md border border-current px-3 py-1 text-sm font-medium hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-slate-800"
                    >
                      {action.label}
                    </ToastPrimitive.Action>
                  ),
              )}
            </div>
          )}
          <ToastPrimitive.Close
            aria-label={t('toast.close')}
            className="absolute top-3 right-3 rounded p-1 opacity-80 hover:opacity-100"
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        data-toast-viewport=""
        // Radix puts the hotkey (F8) in place of {hotkey}; its own label is English whatever the language.
        label={`${t('toast.region')} ({hotkey})`}
        className="fixed right-4 bottom-20 z-[100] flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2 outline-none md:bottom-4"
      />
    </ToastPrimitive.Provider>
  );
}

const isInToasts = (target: EventTarget | null) =>
  target instanceof Element && target.closest('[data-toast-viewport]') !== null;

/**
 * Tells the toast store whether the focus is in the toasts: F8 (Radix's hotkey) focuses their list, Tab
 * then reaches a toast's buttons, and focus stays in the list when a focused toast closes.
 */
function useToastFocus() {
  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => toastStore.setFocus(isInToasts(event.target));
    const onFocusOut = (event: FocusEvent) => toastStore.setFocus(isInToasts(event.relatedTarget));
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
      toastStore.setFocus(false);
    };
  }, []);
}
