'use client';

import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import type { CSSProperties } from 'react';
import { scaleTransitionAtom, store, swipeTransitionAtom } from '../browser/state.ts';

// The motion between pages: a panel that swipes over the page while the next one arrives, and, when a
// card was clicked, its image growing from where it was into the place of the next page's hero. Both
// are decoration (aria-hidden, no pointer events) and, with reduced motion, left out by the stylesheet.

/** A click on a card's link that the router took over: the scale transition starts from its image. */
const startFromCard = (event: MouseEvent) => {
  if (!event.defaultPrevented || !(event.target instanceof Element)) return;
  const image = event.target.closest('a')?.closest('.card')?.querySelector<HTMLImageElement>('img.card__image');
  if (!image || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  const { left, top, width, height } = image.getBoundingClientRect();
  store.set(scaleTransitionAtom, {
    active: true,
    show: true,
    scroll: window.scrollY,
    image: image.currentSrc || image.src,
    coords: { left, top, width, height },
  });
};

export const PageTransitions = () => {
  const swipe = useAtomValue(swipeTransitionAtom);
  const scale = useAtomValue(scaleTransitionAtom);

  useEffect(() => {
    document.addEventListener('click', startFromCard);
    return () => document.removeEventListener('click', startFromCard);
  }, []);

  const { left, top, width, height } = scale.coords;
  const from = {
    '--from-left': `${left}px`,
    '--from-top': `${top}px`,
    '--from-width': `${width}px`,
    '--from-height': `${height}px`,
  } as CSSProperties;
  return (
    <>
      <div className={`swipe swipe--${swipe.direction}${swipe.active ? ' swipe--active' : ''}`} aria-hidden="true" />
      {scale.show && scale.image ? (
        <img
          className={`scale-image${scale.active ? ' scale-image--active' : ''}`}
          src={scale.image}
          alt=""
          aria-hidden="true"
          style={from}
        />
      ) : null}
    </>
  );
};
