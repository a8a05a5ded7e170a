import type { ReactNode } from 'react';
import { Sheet, SheetContent } from '../../ui/Sheet';

interface LandingMenuSheetProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  closeLabel: string;
  children: ReactNode;
}

/** The phone menu's panel, in a file of its own so that Radix Dialog loads with the menu's first opening. */
export function LandingMenuSheet({ isOpen, onOpenChange, title, closeLabel, children }: LandingMenuSheetProps) {
  return (
    <Sheet open={isOpen} onOpenChange={onOpenChange}>
      <SheetContent title={title} closeLabel={closeLabel}>
        {children}
      </SheetContent>
    </Sheet>
  );
}
