import { Link } from '../../client-components/link.tsx';
import { getTranslate } from '../../i18n/request-translate.ts';
import type { Translate } from '../../i18n/translate.ts';
import { MEMBER_SEARCH_PATHS, SEARCH_PATHS, localizedPath } from '../../routes.ts';
import type { Locale } from '../../routes.ts';
import { SearchField } from '../search/search-field.tsx';

/**
 * `Page Not Found` for 404, otherwise `Internal Server Error` with the status code
 * (docs/specification.md section 2).
 */
export const errorHeading = (t: Translate, status: number): string =>
  status === 404 ? t('error_page_not_found') : `${t('error_internal')} ${status}`;

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
  const t = getTranslate();
  const heading = errorHeading(t, status);
  return (
    <article className="error-page">
      <h1>{heading}</h1>
      <p className="error-page__message">{message}</p>
      {status === 404 ? null : (
        <p className="error-page__path">
          {t('error_path')} <code>{path}</code>
        </p>
      )}
      <form
        className="search-form error-page__search"
        action={localizedPath(locale, SEARCH_PATHS[locale])}
        method="get"
        role="search"
        aria-label={t('search_site')}
      >
        <SearchField id="error-page-search" name="q" label={t('search_label')} hint={t('search_hint')} />
        <button type="submit">{t('search')}</button>
      </form>
      <ul className="error-page__links">
        <li>
          <Link href={localizedPath(locale, '/')}>{t('back_to_home')}</Link>
        </li>
        <li>
          <Link href={localizedPath(locale, MEMBER_SEARCH_PATHS[locale])}>{t('find_an_architect')}</Link>
        </li>
      </ul>
    </article>
  );
};
