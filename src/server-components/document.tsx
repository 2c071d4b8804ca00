import type { ReactNode } from 'react';
import { themeVariables } from '../page-theme.ts';
import type { Theme } from '../page-theme.ts';
import { DEV_RELOAD_SCRIPT } from '../common/payload.ts';
import { localePrefix } from '../common/routes.ts';
import { getRequestContext, getSiteServices } from '../request-context.ts';

// The HTML document around every page. Pages render their own <title> and <meta>; React hoists them
// into <head>. The hydrate chunk is not preloaded: the browser entry asks for it once the first paint
// is on screen, so that its download never shares a slow connection with the page's largest image.
// `devReload`: under `npm run dev` only, the script that reloads the page after a rebuild.
// The header's state over a hero and the page's theme are decided here, so that the first paint shows
// them; the client state starts from them (src/browser/rendered-state.ts) and follows the scroll and
// later pages.
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
  return (
    <html lang={locale} data-header-trans={headerTrans ? '' : undefined} style={themeVariables(theme)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />
        <link rel="manifest" href={`${localePrefix(locale)}/manifest.webmanifest`} />
        {styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} precedence="default" />
        ))}
        {devReload ? <script src={DEV_RELOAD_SCRIPT} async /> : null}
      </head>
      <body>{children}</body>
    </html>
  );
};
