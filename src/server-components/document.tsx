import type { ReactNode } from 'react';
import type { Locale } from '../routes.ts';

// The HTML document around every page. Pages render their own <title> and <meta>; React hoists them
// into <head>. The scripts the browser entry runs after the first paint download meanwhile, at the low
// priority of an async script.
export const Document = ({
  locale,
  styles,
  hydrateScripts,
  children,
}: {
  locale: Locale;
  styles: readonly string[];
  hydrateScripts: readonly string[];
  children: ReactNode;
}) => (
  <html lang={locale}>
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      {styles.map((href) => (
        <link key={href} rel="stylesheet" href={href} precedence="default" />
      ))}
      {hydrateScripts.map((href) => (
        <link key={href} rel="preload" as="script" href={href} fetchPriority="low" />
      ))}
    </head>
    <body>{children}</body>
  </html>
);
