// The route table (docs/specification.md section 2), shared by the server and the browser. Pure: no I/O.

export const LOCALES = ['nl', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'nl';
export const otherLocale = (locale: Locale): Locale => LOCALES.find((candidate) => candidate !== locale) ?? locale;

const PREVIEW_COLLECTIONS = ['pages', 'events', 'courses', 'vacancies', 'actualities', 'publications'] as const;
type PreviewCollection = (typeof PREVIEW_COLLECTIONS)[number];

/** Paths without the locale prefix. */
export const SEARCH_PATHS: Record<Locale, string> = { nl: '/zoeken', en: '/search' };
export const MEMBER_SEARCH_PATHS: Record<Locale, string> = { nl: '/vind-een-architect', en: '/find-an-architect' };
/** The title-misuse report form, a CMS page: where a number not in the register leads. Full paths. */
export const TITLE_MISUSE_REPORT_PATHS: Record<Locale, string> = {
  nl: '/de-wet/titelmisbruik-melden',
  en: '/en/the-law/report-title-misuse',
};
/** The Atom feed of the news, and the iCalendar feed of the upcoming events, per language. */
export const NEWS_FEED_PATHS: Record<Locale, string> = { nl: '/feeds/nieuws.xml', en: '/en/feeds/news.xml' };
export const EVENTS_FEED_PATHS: Record<Locale, string> = { nl: '/feeds/agenda.ics', en: '/en/feeds/events.ics' };
/** An event's iCalendar file is at its page's path with this suffix. */
export const INVITE_SUFFIX = '.ics';

export type Route =
  | { kind: 'index' }
  | { kind: 'not-found' }
  | { kind: 'search' }
  | { kind: 'member-search' }
  /** A registration's page, below the architect search: `/vind-een-architect/1.070515.028`. */
  | { kind: 'registration'; number: string }
  | { kind: 'preview'; collection: PreviewCollection; id: string }
  | { kind: 'content'; slugs: string[] };

export interface RouteMatch {
  /** Route name with its locale, e.g. `index___nl`, `slug-slug2___en`, `cms-preview-pages-id___nl`. */
  name: string;
  locale: Locale;
  route: Route;
}

export const localePrefix = (locale: Locale): string => (locale === DEFAULT_LOCALE ? '' : `/${locale}`);

/** A path of `locale`, from a path without prefix: `localizedPath('en', '/')` is `/en`. */
export const localizedPath = (locale: Locale, path: string): string =>
  path === '/' ? localePrefix(locale) || '/' : localePrefix(locale) + path;

/** A registration's page: `/vind-een-architect/1.070515.028`, `/en/find-an-architect/1.070515.028`. */
export const registrationPath = (locale: Locale, number: string): string =>
  localizedPath(locale, `${MEMBER_SEARCH_PATHS[locale]}/${number}`);

export const splitLocale = (pathname: string): { locale: Locale; path: string } => {
  for (const locale of LOCALES) {
    const prefix = localePrefix(locale);
    if (prefix && (pathname === prefix || pathname.startsWith(`${prefix}/`))) {
      return { locale, path: pathname.slice(prefix.length) || '/' };
    }
  }
  return { locale: DEFAULT_LOCALE, path: pathname };
};

const SLUG_ROUTE_NAMES = ['slug', 'slug-slug2', 'slug-slug2-slug3'];

const routeName = (route: Route): string => {
  switch (route.kind) {
    case 'index':
      return 'index';
    case 'not-found':
      return '404';
    case 'search':
      return 'search';
    case 'member-search':
      return 'find-an-architect';
    case 'registration':
      return 'find-an-architect-number';
    case 'preview':
      return `cms-preview-${route.collection}-id`;
    case 'content':
      return SLUG_ROUTE_NAMES[route.slugs.length - 1] ?? 'slug';
  }
};

const matchPath = (locale: Locale, path: string): Route | null => {
  if (path === '/') return { kind: 'index' };
  if (path === '/404') return { kind: 'not-found' };
  if (path === SEARCH_PATHS[locale]) return { kind: 'search' };
  if (path === MEMBER_SEARCH_PATHS[locale]) return { kind: 'member-search' };
  const registration = path.slice(MEMBER_SEARCH_PATHS[locale].length + 1);
  if (path.startsWith(`${MEMBER_SEARCH_PATHS[locale]}/`) && registration && !registration.includes('/'))
    return { kind: 'registration', number: registration };

  const segments = path.slice(1).split('/');
  if (segments.some((segment) => segment === '')) return null;
  const [first, collection, id] = segments;
  if (first === 'cms-preview' && segments.length === 3 && collection !== undefined && id !== undefined) {
    const known = PREVIEW_COLLECTIONS.find((candidate) => candidate === collection);
    return known ? { kind: 'preview', collection: known, id } : null;
  }
  if (segments.length > SLUG_ROUTE_NAMES.length) return null;
  return { kind: 'content', slugs: segments };
};

/** Each route name's path template without the locale prefix; a slug route's follows from its name. */
const ROUTE_TEMPLATES: Record<string, (locale: Locale) => string> = {
  index: () => '/',
  '404': () => '/404',
  search: (locale) => SEARCH_PATHS[locale],
  'find-an-architect': (locale) => MEMBER_SEARCH_PATHS[locale],
  'find-an-architect-number': (locale) => `${MEMBER_SEARCH_PATHS[locale]}/:number`,
  ...Object.fromEntries(
    PREVIEW_COLLECTIONS.map((collection) => [`cms-preview-${collection}-id`, () => `/cms-preview/${collection}/:id`]),
  ),
  // `slug-slug2` is `/:slug/:slug2`.
  ...Object.fromEntries(SLUG_ROUTE_NAMES.map((name) => [name, () => `/:${name.replaceAll('-', '/:')}`])),
};

/**
 * The path template of a route name (`slug-slug2___en` is `/en/:slug/:slug2`), for traces, whose
 * `http.route` is a template; null for a name that is not a route's.
 */
export const routeTemplate = (name: string): string | null => {
  const [base = '', locale, ...rest] = name.split('___');
  const known = LOCALES.find((candidate) => candidate === locale);
  const template = Object.hasOwn(ROUTE_TEMPLATES, base) ? ROUTE_TEMPLATES[base] : undefined;
  return known && template && rest.length === 0 ? localizedPath(known, template(known)) : null;
};

/** Matches a request path (as sent, percent-encoded) to a route, or null when no route has its shape. */
export const matchRoute = (pathname: string): RouteMatch | null => {
  const { locale, path } = splitLocale(pathname);
  const route = matchPath(locale, path);
  return route ? { name: `${routeName(route)}___${locale}`, locale, route } : null;
};

// A slug as Statamic makes them (letters, digits, dashes, underscores), percent-decoded.
const SLUG = /^[\p{L}\p{N}][\p{L}\p{N}_-]{0,199}$/u;
const ENTRY_ID = /^[A-Za-z0-9-]{1,64}$/;

/** A path segment percent-decoded, or null when it is not valid percent-encoding. */
export const decodeSegment = (segment: string): string | null => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
};

/**
 * The routes' own validation (a route may reject its parameters: 404 `Page Not Found: {path}`).
 * Returns the route with decoded parameters, or null when they are not valid.
 */
export const validateRoute = (route: Route): Route | null => {
  if (route.kind === 'preview') return ENTRY_ID.test(route.id) ? route : null;
  // Any number is taken: the registration page itself says that one is not in the register.
  if (route.kind === 'registration') {
    const number = decodeSegment(route.number);
    return number === null ? null : { kind: 'registration', number };
  }
  if (route.kind !== 'content') return route;
  const slugs = route.slugs.map(decodeSegment);
  if (!slugs.every((slug): slug is string => slug !== null && SLUG.test(slug))) return null;
  return { kind: 'content', slugs };
};
