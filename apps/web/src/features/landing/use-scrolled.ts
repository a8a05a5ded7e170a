import { useLayoutEffect, useState } from 'react';

/** True once the page has scrolled more than `threshold` px (the header turns opaque after 10 px). */
export function useScrolled(threshold = 10): boolean {
  // Not scrolled at first, as the prerendered page (src/prerender) was: hydration keeps the HTML's
  // attributes as they are, so a first state read from the page would leave the header's class stale for
  // a visitor who scrolled before the app started. The layout effect reads the real position before paint.
  const [isScrolled, setIsScrolled] = useState(false);
  useLayoutEffect(() => {
    const onScroll = () => setIsScrolled(window.scrollY > threshold);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  return isScrolled;
}
