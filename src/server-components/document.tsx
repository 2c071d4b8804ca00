import type { ReactNode } from 'react';
import { themeColours } from '../page-theme.ts';
import type { Theme } from '../page-theme.ts';
import { DEV_RELOAD_SCRIPT } from '../common/payload.ts';
import { themeKey, themeStylesheetPath } from '../common/theme-stylesheet.ts';
import { localePrefix } from '../common/routes.ts';
import { getRequestContext, getSiteServices } from '../request-context.ts';
import { FOOTER_ID } from './layout.tsx';

// The HTML document around every page. Pages render their own <title> and <meta>; React hoists them
// into <head>. The hydrate chunk is not preloaded: the browser entry asks for it once the first paint
// is on screen, so that its download never shares a slow connection with the page's largest image.
// `devReload`: under `npm run dev` only, the script that reloads the page after a rebuild.
// The header's state over a hero and the page's theme are decided here, so that the first paint shows
// them; the client state starts from them (src/browser/rendered-state.ts) and follows the scroll and
// later pages. A theme is a stylesheet of the site's own, named on <html> (src/common/theme-stylesheet.ts):
// the Content Security Policy allows no style attribute.
export const Document = ({
  headerTrans,
  theme,
  children,
}: {
  /** The page opens with a hero, under a transparent header. */
  headerTrans: boolean;
  theme: Theme;
  children: ReactNode;
}) => {
  const { locale } = getRequestContext();
  const { styles, devReload } = getSiteServices();
  const colours = themeColours(theme);
  return (
    <html
      lang={locale}
      data-header-trans={headerTrans ? '' : undefined}
      data-theme={colours ? themeKey(colours) : undefined}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />
        <link rel="manifest" href={`${localePrefix(locale)}/manifest.webmanifest`} />
        {styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} precedence="default" />
        ))}
        {colours ? <link rel="stylesheet" href={themeStylesheetPath(colours)} precedence="theme" /> : null}
        {/* No paint of a half-parsed page: a slow or busy device would otherwise paint the header and a
            form before their last items are parsed, then move them (layout shift). The whole shell comes
            in the stream's first write, so waiting for the footer costs only the parse of what is above
            it. Chromium honours it; other engines paint as before. */}
        <link rel="expect" href={`#${FOOTER_ID}`} blocking="render" />
        {devReload ? <script src={DEV_RELOAD_SCRIPT} async /> : null}
      </head>
      <body>{children}</body>
    </html>
  );
};
