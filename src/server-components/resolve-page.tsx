import 'server-only';
import type { ReactNode } from 'react';
import { getRequestContext, getSiteServices } from '../request-context.ts';
import type { AnyEntry, SlugCollection } from '../cms/types.ts';
import { LivePreviewUpdates } from '../client-components/live-preview-updates.tsx';
import { getI18n } from '../i18n/request-i18n.ts';
import type { I18n } from '../i18n/i18n.ts';
import { UpstreamThrottledError } from '../common/get-json.ts';
import { localizedPath, otherLocale, registrationPath, MEMBER_SEARCH_PATHS, SEARCH_PATHS } from '../common/routes.ts';
import type { Locale } from '../common/routes.ts';
import { loadAppStart } from './app-start.ts';
import { askAhead } from './ask-ahead.ts';
import type { AppStart } from './app-start.ts';
import { trailTo } from './breadcrumb-trail.ts';
import { Breadcrumbs } from './breadcrumbs.tsx';
import { findEntry } from './find-entry.ts';
import { resolveListPage } from './list-page.ts';
import type { ListPosition } from './list-page.ts';
import { listPageHref } from '../common/list-paging.ts';
import { pageQuery } from '../common/page-query.ts';
import { FORM_REFERENCE_PARAM } from '../common/form-results.ts';
import { ARCHITECT_QUERY_PARAMS } from '../common/register-query.ts';
import { SEARCH_PAGE_PARAMS } from '../common/search-params.ts';
import { pageFilters } from './page-filters.ts';
import { PageHead } from './page-head.tsx';
import { absoluteUrl } from '../public-url.ts';
import type { HeadInfo } from './page-head.tsx';
import { ErrorPage, errorHeading } from './pages/error-page.tsx';
import { RegistrationNotFound, RegistrationPage, RegistrationUnavailable } from './pages/registration-page.tsx';
import { lookUpRegistration } from './register/look-up-registration.ts';
import type { RegistrationLookup } from './register/look-up-registration.ts';
import { searchHref } from './search/pagination.tsx';
import { architectSearchPage, siteSearchPage } from './search/resolve-search.tsx';
import type { SearchPageBuilder } from './search/resolve-search.tsx';
import { EntryTemplate } from './templates/entry-template.tsx';
import type { SiteSearchTracking } from '../client-components/analytics.tsx';

export interface ResolvedContent {
  status: number;
  /** The page inside the layout, head tags included. */
  content: ReactNode;
  appStart: AppStart | null;
  /** The current page in the other language. */
  alternateHref: string;
  message?: string;
  redirect?: string;
  headers?: Record<string, string>;
  /** The page's language when it is not the path's: a preview's is its entry's. */
  locale?: Locale;
  /** A preview for an editor, and the origins that may frame it (Statamic's control panel). */
  preview?: { frameAncestors: readonly string[] };
  /** Made for this visitor's question (a search): never shared by a CDN nor kept by the page cache. */
  personal?: boolean;
  /**
   * The query the page reads, as it reads it (src/common/page-query.ts): what it is rendered from and kept
   * by in the page cache. Absent: it reads none.
   */
  query?: URLSearchParams;
  /** It shows the register's answer: kept and shared only briefly (REGISTER_PAGE_TTL_MS). */
  registerAnswer?: boolean;
  /** The search the page answered, counted as a site search. */
  siteSearch?: SiteSearchTracking;
  /** The entry the page shows, and its place in its list. */
  entry?: AnyEntry;
  postIndex?: number | null;
}

/** The page's head; a preview's `locale` is its entry's rather than the request's. */
const head = (
  appStart: AppStart | null,
  rest: Pick<HeadInfo, 'entry' | 'alternates'> & Partial<HeadInfo>,
  locale?: Locale,
) => {
  const request = getRequestContext();
  const { mediaBaseUrl, publicUrl } = getSiteServices();
  const { path, form } = request;
  const info = { locale: locale ?? request.locale, publicUrl, mediaBaseUrl, path, appStart, ...rest };
  return <PageHead info={form ? { ...info, formShownAgain: true } : info} />;
};

const errorPage = (status: number, message: string, appStart: AppStart | null): ResolvedContent => {
  const { locale, fullPath } = getRequestContext();
  return {
    status,
    message,
    appStart,
    alternateHref: localizedPath(otherLocale(locale), '/'),
    content: (
      <>
        {head(appStart, {
          entry: null,
          fallbackTitle: errorHeading(getI18n(), status),
          alternates: {},
          noindex: true,
        })}
        <ErrorPage status={status} message={message} locale={locale} path={fullPath} />
      </>
    ),
  };
};

const notFound = (message: string, appStart: AppStart | null = null) => errorPage(404, message, appStart);

/** A 404 for a path no route takes (or whose parameters a route refuses), in the full layout all the same. */
export const resolveNotFound = async (message: string): Promise<ResolvedContent> => {
  const { locale } = getRequestContext();
  const { cms, log } = getSiteServices();
  const appStart = await loadAppStart(cms, locale).catch((error: unknown) => {
    log.warn({ err: error }, 'the layout of a 404 page could not be loaded');
    return null;
  });
  return notFound(message, appStart);
};

/**
 * The page of an entry, with its head and the link to its translation. Page 2 and later of a list say
 * which page they are in their title and heading, are their own canonical address, and have no
 * translation: the other language's list pages differently.
 */
const entryPage = async (
  appStart: AppStart,
  found: AnyEntry,
  listPosition: ListPosition | null,
): Promise<ResolvedContent> => {
  const { locale, path } = getRequestContext();
  const { cms, log } = getSiteServices();
  const other = otherLocale(locale);
  // Without its translation a page still renders; the language switch then leads to the other home.
  const [translation, postIndex] = await Promise.all([
    cms.translationUrl(found.collection, found.entry as never, other).catch((error: unknown) => {
      log.warn({ err: error }, 'the translation of a page could not be looked up');
      return null;
    }),
    found.collection === 'pages'
      ? null
      : cms.list(found.collection, locale).then(
          (list) => list.findIndex((entry) => entry.id === found.entry.id),
          () => null,
        ),
  ]);
  const own = found.entry.url ?? path;
  const i18n = getI18n();
  const trail = trailTo(own, appStart.pages, locale, i18n._('home'));
  return {
    status: 200,
    appStart,
    alternateHref: translation ?? localizedPath(other, '/'),
    entry: found,
    postIndex: postIndex === -1 ? null : postIndex,
    content: (
      <>
        {head(appStart, {
          entry: found.entry,
          ...(listPosition
            ? {
                path: listPageHref(own, new URLSearchParams(), locale, listPosition.page),
                alternates: {},
                listPosition,
              }
            : { path: own, alternates: { [locale]: own, ...(translation ? { [other]: translation } : {}) } }),
          about: found,
          ...(trail.length > 0 ? { breadcrumbs: [...trail, { title: found.entry.title, url: own }] } : {}),
        })}
        <EntryTemplate
          entry={found}
          breadcrumbs={<Breadcrumbs trail={trail} title={found.entry.title} />}
          listPosition={listPosition}
        />
      </>
    ),
  };
};

const decodedPath = (path: string) => {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
};

/**
 * A search page: its query kept on the language switch. A page of results names the search page itself
 * as its canonical URL (with its alternates), so that search engines index the one page and fold every
 * query into it; a page that failed says `noindex`.
 */
const searchPage = async (
  appStart: AppStart,
  title: string,
  paths: Record<Locale, string>,
  build: SearchPageBuilder,
  reads: readonly string[],
): Promise<ResolvedContent> => {
  const { locale, query } = getRequestContext();
  const own = new URLSearchParams([...query].filter(([name]) => reads.includes(name)));
  const page = await build(locale, own, getI18n());
  const other = otherLocale(locale);
  const searchPaths: Record<Locale, string> = { nl: localizedPath('nl', paths.nl), en: localizedPath('en', paths.en) };
  return {
    status: page.status,
    appStart,
    alternateHref: searchHref(searchPaths[other], page.query),
    // Any parameter it reads makes it an answer to this visitor (a page or type of results, too).
    personal: own.size > 0,
    query: own,
    ...(page.message ? { message: page.message } : {}),
    ...(page.tracking ? { siteSearch: page.tracking } : {}),
    content: (
      <>
        {head(appStart, {
          entry: null,
          fallbackTitle: title,
          path: searchPaths[locale],
          alternates: searchPaths,
          noindex: page.status !== 200,
        })}
        {page.body}
      </>
    ),
  };
};

/** People, not content: a registration's page is never indexed, whatever it answers. */
const REGISTRATION_HEADERS = { 'X-Robots-Tag': 'noindex' };

/**
 * A registration's page. Found, it is a public page kept in the page cache and shared by a CDN, but for
 * REGISTER_PAGE_TTL_MS (at most five minutes) in all: a striking off or a suspension shows everywhere
 * within that (docs/register-api.md).
 */
const registrationPage = (appStart: AppStart, lookup: RegistrationLookup): ResolvedContent => {
  const { locale } = getRequestContext();
  const { log } = getSiteServices();
  const i18n = getI18n();
  const other = otherLocale(locale);
  if (lookup.kind === 'undotted') {
    const redirect = registrationPath(locale, lookup.number);
    return { status: 301, redirect, appStart, alternateHref: registrationPath(other, lookup.number), content: null };
  }
  const { number } = lookup;
  const searchPaths = {
    nl: localizedPath('nl', MEMBER_SEARCH_PATHS.nl),
    en: localizedPath('en', MEMBER_SEARCH_PATHS.en),
  };
  const title = lookup.kind === 'found' ? lookup.architect.name : number;
  const trail = [
    { title: i18n._('home'), url: localizedPath(locale, '/') },
    { title: i18n._('find_an_architect'), url: searchPaths[locale] },
  ];
  const breadcrumbs = <Breadcrumbs trail={trail} title={title} />;
  const page = (status: number, fallbackTitle: string, body: ReactNode, message?: string): ResolvedContent => ({
    status,
    appStart,
    headers: REGISTRATION_HEADERS,
    registerAnswer: true,
    alternateHref: lookup.kind === 'unknown' ? searchPaths[other] : registrationPath(other, number),
    ...(message ? { message } : {}),
    content: (
      <>
        {head(appStart, {
          entry: null,
          fallbackTitle,
          path: registrationPath(locale, encodeURIComponent(number)),
          alternates:
            lookup.kind === 'unknown' ? {} : { nl: registrationPath('nl', number), en: registrationPath('en', number) },
          noindex: true,
        })}
        {body}
      </>
    ),
  });
  switch (lookup.kind) {
    case 'found':
      return page(
        200,
        `${title}, ${number}`,
        <RegistrationPage
          architect={lookup.architect}
          number={number}
          retrievedAt={lookup.retrievedAt}
          source={{
            siteName: appStart.globals.settings.site_name || i18n._('architects_register'),
            address: absoluteUrl(getSiteServices().publicUrl, registrationPath(locale, number)),
          }}
          breadcrumbs={breadcrumbs}
          locale={locale}
          i18n={i18n}
        />,
      );
    case 'unknown':
      return page(
        404,
        i18n._('registration_not_found_heading'),
        <RegistrationNotFound number={number} breadcrumbs={breadcrumbs} locale={locale} i18n={i18n} />,
        // The status line crawlers get names nothing of the address (decoded, it could say anything).
        'Registration not in the register.',
      );
    case 'failed':
      // Like the architect search: logged, and the page says the register cannot be asked now.
      log.error({ err: lookup.error }, 'register lookup failed');
      return page(
        503,
        `${i18n._('registration_number')} ${number}`,
        <RegistrationUnavailable number={number} breadcrumbs={breadcrumbs} i18n={i18n} />,
        'The register is unavailable right now.',
      );
  }
};

const resolveWithAppStart = async (i18n: I18n): Promise<ResolvedContent> => {
  const { route, locale, path, query, fullPath } = getRequestContext();
  const { cms, register } = getSiteServices();
  const slug = route.kind === 'index' ? 'home' : route.kind === 'content' ? route.slugs.at(-1) : undefined;
  // Everything that decides the status, in one round trip: the app-start data and the entry lookup's
  // lists (an entry's own item is asked for once its list has named it) or the registration lookup;
  // what the page shows besides is asked for in the same round, just after (a CMS answers in order).
  const deciding = Promise.all([
    loadAppStart(cms, locale),
    slug ? findEntry(cms, slug, locale) : null,
    route.kind === 'registration' ? lookUpRegistration(register, route.number) : null,
  ]);
  askAhead(cms, route, locale);
  const [appStart, found, registration] = await deciding;

  switch (route.kind) {
    case 'not-found':
      return notFound(`Page not found: ${fullPath}`, appStart);
    case 'search':
      return searchPage(appStart, i18n._('search'), SEARCH_PATHS, siteSearchPage, SEARCH_PAGE_PARAMS);
    case 'member-search':
      return searchPage(
        appStart,
        i18n._('find_an_architect'),
        MEMBER_SEARCH_PATHS,
        architectSearchPage,
        ARCHITECT_QUERY_PARAMS,
      );
    case 'registration':
      return registrationPage(appStart, registration!);
    case 'index':
    case 'content': {
      if (!found) return notFound(`Page not found: ${fullPath}`, appStart);
      const redirect = found.entry.redirect;
      if (redirect) return { status: 301, redirect, appStart, alternateHref: '/', content: null };
      // One address per entry: another path that ends in its slug leads to it.
      const own = found.entry.url;
      if (route.kind === 'content' && own && own !== decodedPath(path)) {
        return { status: 301, redirect: own, appStart, alternateHref: '/', content: null };
      }
      // The page reads the filters it has, as its lists read them, and nothing else a visitor brought.
      const read = pageQuery(query, await pageFilters(found, query));
      const listPage = await resolveListPage(found, read);
      // The access log has the 404; the reason is the page's message, for the visitor and for bots.
      if (listPage.kind === 'not-found') return notFound(`Page not found: ${fullPath} (${listPage.reason})`, appStart);
      if (listPage.kind === 'moved')
        return { status: 301, redirect: listPage.location, appStart, alternateHref: '/', content: null };
      // A list narrowed by typed text answers this visitor's question, like a search: any text is a page.
      // A report's confirmation with its reference is this reporter's own.
      return {
        ...(await entryPage(appStart, found, listPage.position)),
        query: read,
        personal: read.has('search') || read.has(FORM_REFERENCE_PARAM),
      };
    }
    case 'preview':
      throw new Error('previews are resolved without app-start data');
  }
};

/**
 * Whatever a preview URL answers is for one editor, now: never stored (`Cache-Control: no-store`),
 * never indexed, and its address (which holds the token) never sent on as a referrer, to the CMS's
 * images or anywhere else.
 */
const PREVIEW_HEADERS = {
  'X-Robots-Tag': 'noindex',
  'Referrer-Policy': 'no-referrer',
};

/** The language of an entry, from its site (`default` is Dutch). */
const entryLocale = (entry: { locale?: string | null }, fallback: Locale): Locale =>
  entry.locale === 'en' ? 'en' : entry.locale === 'default' ? 'nl' : fallback;

/**
 * A preview: fetched fresh with the live-preview token, which alone decides whether a draft shows. It is
 * in the entry's own language, whatever the path of the preview target; Statamic's control panel
 * frames it and posts an update for every pause in typing (LivePreviewUpdates).
 */
const resolvePreview = async (collection: SlugCollection, id: string): Promise<ResolvedContent> => {
  const context = getRequestContext();
  const { cms, previewFrameAncestors } = getSiteServices();
  const preview = { headers: PREVIEW_HEADERS, preview: { frameAncestors: previewFrameAncestors } };
  const token = context.query.get('token');
  if (!token) return { ...notFound(`Page Not Found: ${context.path}`), ...preview };
  // The layout of the path's language is the likely one, and is loaded meanwhile.
  const pathLayout = loadAppStart(cms, context.locale);
  pathLayout.catch(() => undefined); // awaited below, or not needed: never an unhandled rejection
  const entry = await cms.previewEntry(collection, id, token);
  if (!entry) return { ...notFound(`Page Not Found: ${context.path}`, await pathLayout), ...preview };
  const locale = entryLocale(entry, context.locale);
  const appStart = locale === context.locale ? await pathLayout : await loadAppStart(cms, locale);
  const found = { collection, entry };
  return {
    status: 200,
    locale,
    appStart,
    alternateHref: localizedPath(otherLocale(locale), '/'),
    entry: found,
    ...preview,
    content: (
      <>
        {head(appStart, { entry, alternates: {}, noindex: true }, locale)}
        <EntryTemplate entry={found} />
        <LivePreviewUpdates origins={previewFrameAncestors} />
      </>
    ),
  };
};

/**
 * Settles everything that decides a page's status before anything is sent (docs/specification.md
 * section 9.1): parts that cannot change it stream later behind Suspense.
 */
export const resolvePage = async (): Promise<ResolvedContent> => {
  const { route, requestId } = getRequestContext();
  const { log } = getSiteServices();
  const i18n = getI18n();
  try {
    if (route.kind === 'preview') return await resolvePreview(route.collection, route.id);
    return await resolveWithAppStart(i18n);
  } catch (error) {
    // The CMS's rate limit holds a call back: 503, to be asked again once it lets calls through (the
    // period is logged once, by src/cms/request-budget.ts).
    if (error instanceof UpstreamThrottledError) {
      const seconds = Number.isFinite(error.retryAfterMs) ? Math.max(1, Math.ceil(error.retryAfterMs / 1000)) : 60;
      return { ...errorPage(503, i18n._('error_500'), null), headers: { 'Retry-After': String(seconds) } };
    }
    log.error({ err: error, requestId }, 'page could not be resolved');
    return errorPage(500, i18n._('error_500'), null);
  }
};
