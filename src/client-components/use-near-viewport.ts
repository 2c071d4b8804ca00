import { useEffect, useState } from 'react';
import type { RefObject } from 'react';

// Whether an element has come near the viewport, once and for good: heavy parts (an animation engine
// and its file) wait for it, so a page never pays for what nobody scrolls to. Browsers without
// IntersectionObserver count everything as near.

/** How far outside the viewport counts as near: about a screen ahead of a scrolling visitor. */
const NEAR = '100% 0px';

export const useNearViewport = (element: RefObject<Element | null>): boolean => {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const target = element.current;
    if (near || !target) return;
    if (typeof IntersectionObserver === 'undefined') {
      // Known only in the browser: the server's render (and so the hydrating one) says not near.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          setNear(true);
        }
      },
      { rootMargin: NEAR },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, near]);
  return near;
};
