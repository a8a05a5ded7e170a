import { useEffect, useState } from 'react';

/**
 * False until the page has been painted once. What renders only then (a lazy part below the fold) is
 * fetched after the first paint instead of competing with it for the network (the landing page's budget:
 * bench/README.md, landing).
 */
export function useHasPainted(): boolean {
  const [hasPainted, setHasPainted] = useState(false);
  useEffect(() => {
    // The frame callback runs before the paint; the task it queues runs after it.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setHasPainted(true))));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return hasPainted;
}
