import { Link } from '../../client-components/link.tsx';
import { getI18n } from '../../i18n/request-i18n.ts';
import type { I18n } from '../../i18n/i18n.ts';
import { MEMBER_SEARCH_PATHS, SEARCH_PATHS, localizedPath } from '../../common/routes.ts';
import type { Locale } from '../../common/routes.ts';
import { SearchField } from '../search/search-field.tsx';

/**
 * `Page Not Found` for 404, otherwise `Internal Server Error` with the status code
 * (docs/specification.md section 2).
 */
export const errorHeading = (i18n: I18n, status: number): string =>
  status === 404 ? i18n._('error_page_not_found') : `${i18n._('error_internal')} ${status}`;

/**
 * The error page inside the full layout: what went wrong (a 404's message names the path; other errors
 * name it below), a search of the site, and the way home and to the register search.
 */
export const ErrorPage = ({
  status,
  message,
  locale,
  path,
}: {
  status: number;
  message: string;
  locale: Locale;
  path: string;
}) => {
  const i18n = getI18n();
  const heading = errorHeading(i18n, status);
  // The headings are English in every language (the specification); a Dutch page says it in Dutch too.
  const english = locale === 'en';
  return (
    <article className="error-page">
      <h1 lang={english ? undefined : 'en'}>{heading}</h1>
      {english ? null : (
        <p className="error-page__translation">
          {status === 404 ? i18n._('error_line_not_found') : i18n._('error_line_internal')}
        </p>
      )}
      <p className="error-page__message">{message}</p>
      {status === 404 ? null : (
        <p className="error-page__path">
          {i18n._('error_path')} <code>{path}</code>
        </p>
      )}
      <form
        className="search-form error-page__search"
        action={localizedPath(locale, SEARCH_PATHS[locale])}
        method="get"
        role="search"
        aria-label={i18n._('search_site')}
      >
        <SearchField id="error-page-search" name="q" label={i18n._('search_label')} hint={i18n._('search_hint')} />
        <button type="submit">{i18n._('search')}</button>
      </form>
      <ul className="error-page__links">
        <li>
          <Link href={localizedPath(locale, '/')}>{i18n._('back_to_home')}</Link>
        </li>
        <li>
          <Link href={localizedPath(locale, MEMBER_SEARCH_PATHS[locale])}>{i18n._('find_an_architect')}</Link>
        </li>
      </ul>
    </article>
  );
};
