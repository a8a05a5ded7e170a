import { useEffect, useState } from 'react';

const canObserve = () => typeof IntersectionObserver !== 'undefined';

/**
 * Whether the element given to the returned ref has come within `margin` of the viewport (and stays true
 * once it has): what a part below the fold needs only when the visitor scrolls towards it is fetched then,
 * not with the page. Without IntersectionObserver (old browsers, jsdom) it is near once it is there.
 */
export function useIsNearViewport<T extends Element>(margin = '600px') {
  const [element, setElement] = useState<T | null>(null);
  const [hasCome, setHasCome] = useState(false);
  useEffect(() => {
    if (!element || hasCome || !canObserve()) return;
    const observer = new IntersectionObserver(
      (entries) => entries.some((entry) => entry.isIntersecting) && setHasCome(true),
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, hasCome, margin]);
  return [setElement, hasCome || (element !== null && !canObserve())] as const;
}
