import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { cn } from './cn';
import { takePassedOnEscape } from './escape-passed-on';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

interface DialogContentProps {
  title: string;
  description?: string;
  closeLabel: string;
  children: ReactNode;
  /** `sheet` slides in from the right edge (the Sheet primitive). */
  side?: 'center' | 'right';
  className?: string;
  /** Classes of the box around `children`: a dialog whose body scrolls under fixed actions makes it a flex column. */
  bodyClassName?: string;
}

export function DialogContent({
  title,
  description,
  closeLabel,
  children,
  side = 'center',
  className,
  bodyClassName,
}: DialogContentProps) {
  // Radix gives the focus back to its Trigger; a dialog opened from state (a card's Share) has none, so
  // the element that had the focus when it opened gets it back instead of the page's body.
  const opener = useRef<HTMLElement | null>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-950/50" />
      <DialogPrimitive.Content
        className={cn(
          'fixed z-50 bg-white p-6 shadow-xl dark:bg-slate-900',
          side === 'center'
            ? 'top-1/2 left-1/2 w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-2xl'
            : 'inset-y-0 right-0 w-[min(24rem,100vw)]',
          className,
        )}
        {...(description ? {} : { 'aria-describedby': undefined })}
        onOpenAutoFocus={() => {
          opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        }}
        onCloseAutoFocus={(event) => {
          if (!opener.current?.isConnected) return;
          event.preventDefault();
          opener.current.focus();
        }}
        // The Close button closes a dialog whether its open state is held by the caller or by Radix.
        onKeyDown={(event) => {
          if (event.key === 'Escape' && takePassedOnEscape(event.nativeEvent)) closeButton.current?.click();
        }}
      >
        <DialogPrimitive.Title className="text-lg font-semibold">{title}</DialogPrimitive.Title>
        {description && (
          <DialogPrimitive.Description className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            {description}
          </DialogPrimitive.Description>
        )}
        <div className={cn('mt-4', bodyClassName)}>{children}</div>
        <DialogPrimitive.Close
          ref={closeButton}
          aria-label={closeLabel}
          className="absolute top-4 right-4 rounded-md p-1 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-slate-800"
        >
          <X className="h-4 w-4" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
