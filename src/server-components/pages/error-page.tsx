import { Link } from '../../client-components/link.tsx';
import { localizedPath } from '../../routes.ts';
import type { Locale } from '../../routes.ts';

/** `Page Not Found` for 404, otherwise `Internal Server Error` with the status code. */
export const errorHeading = (status: number): string =>
  status === 404 ? 'Page Not Found' : `Internal Server Error ${status}`;

export const ErrorPage = ({ status, message, locale }: { status: number; message: string; locale: Locale }) => (
  <article className="error-page">
    <title>{errorHeading(status)}</title>
    <meta name="robots" content="noindex" />
    <h1>{errorHeading(status)}</h1>
    <p className="error-page__message">{message}</p>
    <p>
      <Link href={localizedPath(locale, '/')}>{locale === 'nl' ? 'Naar de homepage' : 'Go to the home page'}</Link>
    </p>
  </article>
);
