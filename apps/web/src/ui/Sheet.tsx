import type { ComponentProps } from 'react';
import { Dialog, DialogContent, DialogTrigger } from './Dialog';

/** A side panel (a room's 'Member Details'): the Dialog primitive anchored to the right edge. */
export const Sheet = Dialog;
export const SheetTrigger = DialogTrigger;

export function SheetContent(props: Omit<ComponentProps<typeof DialogContent>, 'side'>) {
  return <DialogContent {...props} side="right" />;
}
