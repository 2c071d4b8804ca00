import type { ReactNode } from 'react';
import { Link } from '../client-components/link.tsx';
import { LOCALES, MEMBER_SEARCH_PATHS, SEARCH_PATHS, localizedPath } from '../routes.ts';
import type { Locale } from '../routes.ts';

// Placeholder chrome: header, main landmark and footer. The content work replaces the links with the
// CMS navigation.
export const Layout = ({ locale, children }: { locale: Locale; children: ReactNode }) => {
  const other = LOCALES.find((candidate) => candidate !== locale) ?? locale;
  return (
    <>
      <a className="skip-link" href="#main">
        {locale === 'nl' ? 'Naar de inhoud' : 'Skip to content'}
      </a>
      <header className="site-header">
        <Link className="site-header__logo" href={localizedPath(locale, '/')}>
          Architectenregister
        </Link>
        <nav aria-label={locale === 'nl' ? 'Hoofdmenu' : 'Main menu'}>
          <ul className="site-header__menu">
            <li>
              <Link href={localizedPath(locale, locale === 'nl' ? '/over-ons' : '/about-us')}>
                {locale === 'nl' ? 'Over ons' : 'About us'}
              </Link>
            </li>
            <li>
              <Link href={localizedPath(locale, SEARCH_PATHS[locale])}>{locale === 'nl' ? 'Zoeken' : 'Search'}</Link>
            </li>
            <li>
              <Link href={localizedPath(locale, MEMBER_SEARCH_PATHS[locale])}>
                {locale === 'nl' ? 'Vind een architect' : 'Find an architect'}
              </Link>
            </li>
            <li>
              <Link href={localizedPath(other, '/')} hrefLang={other} lang={other}>
                {other.toUpperCase()}
              </Link>
            </li>
          </ul>
        </nav>
      </header>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <footer className="site-footer">
        <p>Bureau Architectenregister</p>
      </footer>
    </>
  );
};
