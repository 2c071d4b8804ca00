import type { Theme as CmsTheme } from './cms/types.ts';
import { HEX_COLOUR_DIGITS } from './common/theme-stylesheet.ts';
import type { ThemeColours } from './common/theme-stylesheet.ts';

// A page's colours from the CMS (its theme), as the hero, the header over it and the client state use
// them. The server names them in a stylesheet of the site's own (src/common/theme-stylesheet.ts), so
// only values that are colours pass.

export interface Theme {
  bg: string;
  text: string | null;
  diap: boolean;
}
export const DEFAULT_THEME: Theme = { bg: '#ffffff', text: null, diap: false };

/** The value if it is a hex colour, else null. */
const themeColour = (value: string | null | undefined): string | null =>
  value?.startsWith('#') && HEX_COLOUR_DIGITS.test(value.slice(1).toLowerCase()) ? value.toLowerCase() : null;

/** The theme a page shows: its valid colours, white where it has none. */
export const pageTheme = (theme: CmsTheme | null | undefined): Theme => ({
  bg: themeColour(theme?.bg) ?? DEFAULT_THEME.bg,
  text: themeColour(theme?.text),
  diap: theme?.diap ?? false,
});

/** The colours a page's stylesheet names, or null for a page in the default colours (it needs none). */
export const themeColours = (theme: Theme): ThemeColours | null =>
  theme.bg === DEFAULT_THEME.bg && !theme.text ? null : { bg: theme.bg.slice(1), text: theme.text?.slice(1) ?? null };
