import type { ReactNode } from 'react';
import { Analytics } from '../client-components/analytics.tsx';
import { Cursor } from '../client-components/cursor.tsx';
import { ErrorBoundary } from '../client-components/error-boundary.tsx';
import { Link } from '../client-components/link.tsx';
import { MegaMenu } from '../client-components/mega-menu.tsx';
import { PageState } from '../client-components/page-state.tsx';
import { PageTransitions } from '../client-components/page-transitions.tsx';
import type { PageInfo } from '../client-components/page-state.tsx';
import { StateAttributes } from '../client-components/state-attributes.tsx';
import { Tagline } from '../client-components/tagline.tsx';
import { SearchOverlay } from '../client-components/search-overlay.tsx';
import type { SearchOverlayText } from '../client-components/search-overlay.tsx';
import type { NavItem } from '../cms/types.ts';
import type { Translate } from '../i18n/translate.ts';
import { LOCALES, SEARCH_PATHS, MEMBER_SEARCH_PATHS, localizedPath, otherLocale } from '../routes.ts';
import type { Locale } from '../routes.ts';
import { SEARCH_TYPES } from '../search/search-params.ts';
import type { AppStart } from './app-start.ts';
import { NavLink } from './nav-link.tsx';
import { Wordmark } from './wordmark.tsx';
import { searchTypeLabel } from './pages/site-search-page.tsx';

// The chrome of every page: skip link, header with the mega menu from the CMS navigation, the
// language switch, and the footer with its menu and the contact details from the globals. Without the
// app-start data (the CMS failed) it still renders, with the links it can make itself.

/** The item leads to the page on screen or to one of its ancestors (the home page is no section). */
const isCurrentSection = (url: string | null | undefined, path: string) =>
  Boolean(url) && (url === path || (!isHomePath(url!) && path.startsWith(`${url}/`)));

const isHomePath = (url: string) => LOCALES.some((locale) => localizedPath(locale, '/') === url);

const NavList = ({
  items,
  newTabLabel,
  className,
  path,
}: {
  items: NavItem[];
  newTabLabel: string;
  className?: string;
  path: string;
}) => (
  <ul className={className}>
    {items.map((item, index) => (
      <li
        key={item.page.id ?? index}
        className={isCurrentSection(item.page.url, path) ? 'nav-item--current' : undefined}
      >
        <NavLink page={item.page} newTabLabel={newTabLabel} current={item.page.url === path} />
        {item.children?.length ? (
          <NavList items={item.children} newTabLabel={newTabLabel} className="mega-menu__sub" path={path} />
        ) : null}
      </li>
    ))}
  </ul>
);

const Contact = ({ appStart, t }: { appStart: AppStart; t: Translate }) => {
  const street = appStart.globals.contact.street_address;
  const postalCode = appStart.globals.contact.postal_code;
  const city = appStart.globals.contact.city;
  const phone = appStart.globals.contact.phone;
  const email = appStart.globals.contact.email;
  return (
    <address className="site-footer__contact">
      <strong>{appStart.globals.contact.organisation_name}</strong>
      {street ? (
        <span>
          {street}, {postalCode} {city}
        </span>
      ) : null}
      {phone ? (
        <span>
          {t('phone')}: <a href={`tel:${phone.replace(/\s/g, '')}`}>{phone}</a>
        </span>
      ) : null}
      {email ? (
        <span>
          {t('email')}: <a href={`mailto:${email}`}>{email}</a>
        </span>
      ) : null}
    </address>
  );
};

/** The menu when the site has never had one from the CMS (it was down since the start): the pages it makes itself. */
const builtInMenu = (locale: Locale, t: Translate): NavItem[] => [
  { page: { id: 'home', title: t('home'), url: localizedPath(locale, '/') } },
  {
    page: {
      id: 'find-an-architect',
      title: t('find_an_architect'),
      url: localizedPath(locale, MEMBER_SEARCH_PATHS[locale]),
    },
  },
  { page: { id: 'search', title: t('search'), url: localizedPath(locale, SEARCH_PATHS[locale]) } },
];

const searchOverlayText = (t: Translate): SearchOverlayText => ({
  open: t('search'),
  close: t('close'),
  heading: t('search_site'),
  label: t('search_label'),
  submit: t('search'),
  showAll: t('search_show_all'),
  resultsOne: t('search_results_one'),
  resultsOther: t('search_results_other'),
  noResults: t('search_no_results'),
  types: Object.fromEntries(SEARCH_TYPES.map((type) => [type, searchTypeLabel(t, type)])) as SearchOverlayText['types'],
});

export const Layout = ({
  locale,
  appStart,
  alternateHref,
  page,
  path,
  analytics,
  t,
  children,
}: {
  locale: Locale;
  appStart: AppStart | null;
  /** The current page in the other language (its translation, or that language's home). */
  alternateHref: string;
  /** What the client state learns of the page. */
  page: PageInfo;
  /** The path on screen: the menus mark its section. */
  path: string;
  analytics: { url: string; siteId: number } | null;
  t: Translate;
  children: ReactNode;
}) => {
  const other = otherLocale(locale);
  const socialLinks = appStart?.globals.settings.social_links ?? [];
  const siteName = appStart?.globals.settings.site_name || t('architects_register');
  return (
    <>
      <PageState info={page} />
      <StateAttributes />
      <Cursor />
      <PageTransitions />
      {analytics ? <Analytics url={analytics.url} siteId={analytics.siteId} ignore={page.analyticsIgnore} /> : null}
      <a className="skip-link" href="#main">
        {t('skip_to_content')}
      </a>
      <header className="site-header">
        <Wordmark name={siteName} href={localizedPath(locale, '/')} />
        <Tagline />
        <ul className="site-header__tools">
          <li className="site-header__search">
            <SearchOverlay
              locale={locale}
              searchPath={localizedPath(locale, SEARCH_PATHS[locale])}
              text={searchOverlayText(t)}
            />
          </li>
          <li className="site-header__find">
            <Link className="button button--primary" href={localizedPath(locale, MEMBER_SEARCH_PATHS[locale])}>
              {t('find_an_architect')}
            </Link>
          </li>
          <li className="site-header__language">
            {/* The visible name first, so that the accessible name contains it (WCAG 2.5.3). */}
            <Link href={alternateHref} hrefLang={other} lang={other}>
              {t('language_switch')}
              <span className="visually-hidden" lang={locale}>
                {' – '}
                {t('language_switch_label')}
              </span>
            </Link>
          </li>
        </ul>
        <MegaMenu label={t('menu')} closeLabel={t('close_menu')}>
          <nav aria-label={t('main_menu')} className="mega-menu">
            <NavList
              items={appStart?.megamenu ?? builtInMenu(locale, t)}
              newTabLabel={t('opens_in_new_tab')}
              className="mega-menu__list"
              path={path}
            />
          </nav>
        </MegaMenu>
      </header>
      <main id="main" tabIndex={-1}>
        <ErrorBoundary
          fallback={
            <p role="alert" className="block__error">
              {t('error_500')}
            </p>
          }
        >
          {children}
        </ErrorBoundary>
      </main>
      <footer className="site-footer">
        {appStart ? (
          <>
            <nav aria-label={t('footer_menu')}>
              <NavList
                items={appStart.footer}
                newTabLabel={t('opens_in_new_tab')}
                className="site-footer__menu"
                path={path}
              />
            </nav>
            <Contact appStart={appStart} t={t} />
            {socialLinks.length ? (
              <ul className="site-footer__social" aria-label={t('social_media')}>
                {socialLinks.map((link) => (
                  <li key={link.url}>
                    <a href={link.url} rel="noopener noreferrer">
                      {link.label ?? link.url}
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </>
        ) : (
          <>
            <nav aria-label={t('footer_menu')}>
              <NavList
                items={builtInMenu(locale, t)}
                newTabLabel={t('opens_in_new_tab')}
                className="site-footer__menu"
                path={path}
              />
            </nav>
            <p>{t('architects_register')}</p>
          </>
        )}
      </footer>
    </>
  );
};
