import { useSyncExternalStore } from 'react';

/** Below Tailwind's `md` breakpoint (48rem, 768 px): a phone, or a narrow window. */
export const NARROW_SCREEN_QUERY = '(width < 48rem)';

/** Whether the media query matches now, following its changes (a rotated phone, a resized window). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
