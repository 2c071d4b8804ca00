// "A page is on screen, at this address": the router says it after every navigation, once the history
// and the title are up to date; analytics listens.

type Listener = (href: string, previous: string | null) => void;

const listeners = new Set<Listener>();
let last: string | null = null;

export const onPageShown = (listener: Listener): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const pageShown = (href: string): void => {
  const previous = last;
  last = href;
  for (const listener of listeners) listener(href, previous);
};
