import type { Theme as CmsTheme } from './cms/types.ts';

// A page's colours from the CMS (its theme), as the hero, the header over it and the client state use
// them. The server renders them into style attributes, so only values that are colours pass.

export interface Theme {
  bg: string;
  text: string | null;
  diap: boolean;
}
export const DEFAULT_THEME: Theme = { bg: '#ffffff', text: null, diap: false };

const COLOUR = /^#[\da-f]{3,8}$/i;

/** The value if it is a hex colour, else null. */
export const themeColour = (value: string | null | undefined): string | null =>
  value && COLOUR.test(value) ? value : null;

/** The theme a page shows: its valid colours, white where it has none. */
export const pageTheme = (theme: CmsTheme | null | undefined): Theme => ({
  bg: themeColour(theme?.bg) ?? DEFAULT_THEME.bg,
  text: themeColour(theme?.text),
  diap: theme?.diap ?? false,
});

/** The CSS variables of the theme on <html>, which the header over a hero reads (layout.css, forms.css). */
export const themeVariables = (theme: Theme): Record<string, string> =>
  theme.text ? { '--page-bg': theme.bg, '--page-text': theme.text } : { '--page-bg': theme.bg };
