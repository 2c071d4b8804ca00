import { DEFAULT_THEME } from '../page-theme.ts';
import { headerTransAtom, store, themeAtom } from './state.ts';

// The server renders the header's state over a hero and the page's theme on <html>
// (src/server-components/document.tsx), so that the first paint is final. The client state starts
// from what it rendered: hydration then changes nothing on screen, and the state attributes
// (state-attributes.tsx) take over from there.
export const adoptRenderedState = (): void => {
  const html = document.documentElement;
  store.set(headerTransAtom, html.hasAttribute('data-header-trans'));
  store.set(themeAtom, {
    bg: html.style.getPropertyValue('--page-bg') || DEFAULT_THEME.bg,
    text: html.style.getPropertyValue('--page-text') || null,
    diap: DEFAULT_THEME.diap,
  });
};
