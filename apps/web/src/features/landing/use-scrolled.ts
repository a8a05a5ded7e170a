import { useEffect, useState } from 'react';

/** True once the page has scrolled more than `threshold` px (SPEC: header opaque after 10 px). */
export function useScrolled(threshold = 10): boolean {
  const [isScrolled, setIsScrolled] = useState(() => window.scrollY > threshold);
  useEffect(() => {
    const onScroll = () => setIsScrolled(window.scrollY > threshold);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  return isScrolled;
}
