import { DEFAULT_THEME } from '../page-theme.ts';
import { readThemeKey } from '../common/theme-stylesheet.ts';
import { headerTransAtom, store, themeAtom } from './state.ts';

// The server renders the header's state over a hero and the page's theme on <html>
// (src/server-components/document.tsx), so that the first paint is final. The client state starts
// from what it rendered: hydration then changes nothing on screen, and the state attributes
// (state-attributes.tsx) take over from there.
export const adoptRenderedState = (): void => {
  const html = document.documentElement;
  store.set(headerTransAtom, html.hasAttribute('data-header-trans'));
  const colours = readThemeKey(html.dataset.theme ?? '');
  store.set(themeAtom, {
    bg: colours ? `#${colours.bg}` : DEFAULT_THEME.bg,
    text: colours?.text ? `#${colours.text}` : null,
    diap: DEFAULT_THEME.diap,
  });
};
