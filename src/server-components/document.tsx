import type { ReactNode } from 'react';
import type { Locale } from '../routes.ts';

// The HTML document around every page. Pages render their own <title> and <meta>; React hoists them
// into <head>. The hydrate chunk is not preloaded: the browser entry asks for it once the first paint
// is on screen, so that its download never shares a slow connection with the page's largest image.
export const Document = ({
  locale,
  styles,
  children,
}: {
  locale: Locale;
  styles: readonly string[];
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
    </head>
    <body>{children}</body>
  </html>
);
