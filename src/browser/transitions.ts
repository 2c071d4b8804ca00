import {
  hideHeaderAtom,
  menuOpenAtom,
  scaleTransitionAtom,
  store,
  swipeTransitionAtom,
  transitioningAtom,
} from './state.ts';

// The transition between two pages (docs/specification.md sections 4 and 8): unless the menu is open,
// the header hides and the swipe covers the page; 700 ms later both are gone (the scale transition of a
// clicked card's image too) and the menu is closed.

const NAVIGATION_TRANSITION_MS = 700;

let timer: ReturnType<typeof setTimeout> | undefined;

export const navigationStarted = (): void => {
  if (!store.get(menuOpenAtom)) {
    store.set(transitioningAtom, true);
    store.set(hideHeaderAtom, true);
    store.set(swipeTransitionAtom, { active: true, direction: 'down' });
  }
  clearTimeout(timer);
  timer = setTimeout(() => {
    store.set(transitioningAtom, false);
    store.set(hideHeaderAtom, false);
    store.set(menuOpenAtom, false);
    store.set(swipeTransitionAtom, (swipe) => ({ ...swipe, active: false }));
    store.set(scaleTransitionAtom, (scale) => ({ ...scale, active: false, show: false }));
  }, NAVIGATION_TRANSITION_MS);
};
