import { useState } from 'react';

/**
 * True from the first render `isOpen` is: what mounts lazily the first time it opens (a dialog, the
 * toaster) then stays mounted, so it closes as Radix closes it, focus handling included.
 */
export function useHasOpened(isOpen: boolean): boolean {
  const [hasOpened, setHasOpened] = useState(isOpen);
  if (isOpen && !hasOpened) setHasOpened(true);
  return hasOpened || isOpen;
}
