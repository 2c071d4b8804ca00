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
import type { NavItem, SiteNotice as Notice } from '../cms/types.ts';
import { i18nFor } from '../i18n/i18n.ts';
import { getRequestContext } from '../request-context.ts';
import type { I18n } from '../i18n/i18n.ts';
import { LOCALES, SEARCH_PATHS, MEMBER_SEARCH_PATHS, localizedPath, otherLocale } from '../common/routes.ts';
import type { Locale } from '../common/routes.ts';
import { SEARCH_TYPES } from '../common/search-params.ts';
import type { AppStart } from './app-start.ts';
import { HydratedApart } from './hydrated-apart.tsx';
import { NavLink } from './nav-link.tsx';
import { SiteNotice } from './site-notice.tsx';
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

const Contact = ({ appStart, i18n }: { appStart: AppStart; i18n: I18n }) => {
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
          {i18n._('phone')}: <a href={`tel:${phone.replace(/\s/g, '')}`}>{phone}</a>
        </span>
      ) : null}
      {email ? (
        <span>
          {i18n._('email')}: <a href={`mailto:${email}`}>{email}</a>
        </span>
      ) : null}
    </address>
  );
};

/** The menu when the site has never had one from the CMS (it was down since the start): the pages it makes itself. */
const builtInMenu = (locale: Locale, i18n: I18n): NavItem[] => [
  { page: { id: 'home', title: i18n._('home'), url: localizedPath(locale, '/') } },
  {
    page: {
      id: 'find-an-architect',
      title: i18n._('find_an_architect'),
      url: localizedPath(locale, MEMBER_SEARCH_PATHS[locale]),
    },
  },
  { page: { id: 'search', title: i18n._('search'), url: localizedPath(locale, SEARCH_PATHS[locale]) } },
];

const searchOverlayText = (i18n: I18n): SearchOverlayText => ({
  open: i18n._('search'),
  close: i18n._('close'),
  heading: i18n._('search_site'),
  label: i18n._('search_label'),
  submit: i18n._('search'),
  showAll: i18n._('search_show_all'),
  resultsOne: i18n._('search_results_one'),
  resultsOther: i18n._('search_results_other'),
  noResults: i18n._('search_no_results'),
  types: Object.fromEntries(
    SEARCH_TYPES.map((type) => [type, searchTypeLabel(i18n, type)]),
  ) as SearchOverlayText['types'],
});

/** The footer's id: the first paint waits until it is parsed (src/server-components/document.tsx). */
export const FOOTER_ID = 'site-footer';

export const Layout = ({
  appStart,
  alternateHref,
  page,
  analytics,
  notice,
  children,
}: {
  appStart: AppStart | null;
  /** The current page in the other language (its translation, or that language's home). */
  alternateHref: string;
  /** What the client state learns of the page. */
  page: PageInfo;
  analytics: { url: string; siteId: number } | null;
  /** The site notice shown now, above the header. */
  notice: Notice | null;
  children: ReactNode;
}) => {
  // The path on screen: the menus mark its section.
  const { locale, path } = getRequestContext();
  const i18n = i18nFor(locale);
  const other = otherLocale(locale);
  const socialLinks = appStart?.globals.settings.social_links ?? [];
  const siteName = appStart?.globals.settings.site_name || i18n._('architects_register');
  return (
    <>
      <PageState info={page} />
      <StateAttributes />
      <Cursor />
      <PageTransitions />
      {analytics ? (
        <Analytics
          url={analytics.url}
          siteId={analytics.siteId}
          ignore={page.analyticsIgnore}
          search={page.siteSearch}
        />
      ) : null}
      <a className="skip-link" href="#main">
        {i18n._('skip_to_content')}
      </a>
      {notice ? <SiteNotice notice={notice} i18n={i18n} /> : null}
      <header className="site-header">
        <Wordmark name={siteName} href={localizedPath(locale, '/')} />
        <Tagline />
        <ul className="site-header__tools">
          <li className="site-header__search">
            <SearchOverlay
              locale={locale}
              searchPath={localizedPath(locale, SEARCH_PATHS[locale])}
              text={searchOverlayText(i18n)}
            />
          </li>
          <li className="site-header__find">
            <Link className="button button--primary" href={localizedPath(locale, MEMBER_SEARCH_PATHS[locale])}>
              {i18n._('find_an_architect')}
            </Link>
          </li>
          <li className="site-header__language">
            {/* The visible name first, so that the accessible name contains it (WCAG 2.5.3). */}
            <Link href={alternateHref} hrefLang={other} lang={other}>
              {i18n._('language_switch')}
              <span className="visually-hidden" lang={locale}>
                {' – '}
                {i18n._('language_switch_label')}
              </span>
            </Link>
          </li>
        </ul>
        <MegaMenu label={i18n._('menu')} closeLabel={i18n._('close_menu')}>
          <nav aria-label={i18n._('main_menu')} className="mega-menu">
            <NavList
              items={appStart?.megamenu ?? builtInMenu(locale, i18n)}
              newTabLabel={i18n._('opens_in_new_tab')}
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
              {i18n._('error_500')}
            </p>
          }
        >
          {children}
        </ErrorBoundary>
      </main>
      <HydratedApart>
        <footer id={FOOTER_ID} className="site-footer">
          {appStart ? (
            <>
              <nav aria-label={i18n._('footer_menu')}>
                <NavList
                  items={appStart.footer}
                  newTabLabel={i18n._('opens_in_new_tab')}
                  className="site-footer__menu"
                  path={path}
                />
              </nav>
              <Contact appStart={appStart} i18n={i18n} />
              {socialLinks.length ? (
                <ul className="site-footer__social" aria-label={i18n._('social_media')}>
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
              <nav aria-label={i18n._('footer_menu')}>
                <NavList
                  items={builtInMenu(locale, i18n)}
                  newTabLabel={i18n._('opens_in_new_tab')}
                  className="site-footer__menu"
                  path={path}
                />
              </nav>
              <p>{i18n._('architects_register')}</p>
            </>
          )}
        </footer>
      </HydratedApart>
    </>
  );
};
