// A page's colours from the CMS reach the browser as a small stylesheet of the site's own, named by the
// colours (`/themes/1f3a5f-ffffff.css`), never as a style attribute: the Content Security Policy allows
// styles from the site only ('self', no 'unsafe-inline'). The document names its theme on <html>
// (`data-theme`), and the stylesheet's rules apply under that name only, so that a stylesheet left in
// the document by an earlier page of a client navigation colours nothing else.

/** Where the theme stylesheets are served. */
export const THEME_STYLESHEET_PREFIX = '/themes/';

/** A CSS hex colour's digits: 3, 4, 6 or 8 of them. */
export const HEX_COLOUR_DIGITS = /^(?:[\da-f]{3,4}|[\da-f]{6}|[\da-f]{8})$/;

/** A page's colours: a background and, where it sets one, a text colour (hex, without `#`, lower case). */
export interface ThemeColours {
  bg: string;
  text: string | null;
}

/** The theme's name: its colours joined (`1f3a5f-ffffff`, or `f4efe6` without a text colour). */
export const themeKey = ({ bg, text }: ThemeColours): string => (text ? `${bg}-${text}` : bg);

/** The colours a theme name stands for, or null for anything that is not one. */
export const readThemeKey = (key: string): ThemeColours | null => {
  const [bg, text, ...rest] = key.split('-');
  if (rest.length > 0 || !bg || !HEX_COLOUR_DIGITS.test(bg) || (text !== undefined && !HEX_COLOUR_DIGITS.test(text)))
    return null;
  return { bg, text: text ?? null };
};

export const themeStylesheetPath = (colours: ThemeColours): string =>
  `${THEME_STYLESHEET_PREFIX}${themeKey(colours)}.css`;

/** The stylesheet of a theme: the page's colours on <html> (the header reads them) and on its hero. */
export const themeStylesheet = (colours: ThemeColours): string => {
  const scope = `html[data-theme="${themeKey(colours)}"]`;
  const page = [`--page-bg:#${colours.bg}`, ...(colours.text ? [`--page-text:#${colours.text}`] : [])];
  const hero = [`--hero-bg:#${colours.bg}`, ...(colours.text ? [`--hero-text:#${colours.text}`] : [])];
  return `${scope}{${page.join(';')}}\n${scope} .hero{${hero.join(';')}}\n`;
};
