import 'server-only';
import type { RenderLog } from '../../server/render/contract.ts';
import type { Locale } from '../routes.ts';
import type { Cms } from './cms.ts';
import { UpstreamRequestError, getJson, redactToken } from '../../server/upstream/get-json.ts';
import type { UpstreamOptions } from '../../server/upstream/get-json.ts';
import { entriesTag, globalsTag, navTag, slugTag, slugsTag, termsTag } from './dependencies.ts';
import type { Tag } from './dependencies.ts';
import type { ResponseCache } from './response-cache.ts';
import type { ListCollection, SiteHandle, SlugCollection, Taxonomy } from './types.ts';

// The site's calls to Statamic's REST API, with their exact query strings (SPEC section 7).

export interface CmsOptions {
  apiUrl: string;
  apiKey: string;
  apiKeyHeader: string;
  timeoutMs: number;
  /** The largest answer accepted. */
  maxResponseBytes: number;
  log: RenderLog;
  /** Where answers are kept (response-cache.ts). */
  cache: ResponseCache;
  /** Told of each HTTP attempt (metrics). */
  observe?: UpstreamOptions['observe'];
}

const SITES: Record<Locale, SiteHandle> = { nl: 'default', en: 'en' };
/** Courses and course types exist in the default site only. */
const siteFor = (locale: Locale, handle: string): SiteHandle => (handle === 'courses' || handle === 'course_types' ? 'default' : SITES[locale]);

const PAGE_FIELDS =
  'id,collection,title,slug,components,texts,seo_title,og_title,seo_description,og_description,og_image,hero_image,hero_text,origin_id,url,parent,theme,analytics_ignore,redirect,last_modified';
const LIST_FIELDS =
  'id,origin_id,title,slug,url,date,last_modified,intro,content,image,actuality_type,event_type,course_type,publication_type,disciplines,location,start_time,end_time,start_date,closing_date,publication_date';
const NAV_FIELDS = 'open_in_new_tab,url,title,slug';
const LIST_ORDER: Record<ListCollection, string> = {
  actualities: '-date',
  events: 'date',
  courses: 'title',
  vacancies: 'title',
  publications: '-publication_date',
};

type Row = Record<string, unknown>;
const isRow = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value);

interface ListPage {
  data: Row[];
  lastPage: number;
}

/** Lists must be `{data: [...]}`; anything else is a failed call, not a crash later on. */
const readListPage = (body: unknown, url: string): ListPage => {
  if (!isRow(body) || !Array.isArray(body.data)) throw new UpstreamRequestError(`CMS sent an unexpected list shape for ${url}`, url, 200);
  const lastPage = isRow(body.meta) && typeof body.meta.last_page === 'number' ? body.meta.last_page : 1;
  return { data: body.data.filter(isRow), lastPage };
};

export const createCms = ({ apiUrl, apiKey, apiKeyHeader, timeoutMs, maxResponseBytes, log, cache, observe }: CmsOptions): Cms => {
  const http: UpstreamOptions = { service: 'CMS', headers: { [apiKeyHeader]: apiKey }, timeoutMs, maxBytes: maxResponseBytes, ...(observe ? { observe } : {}) };

  const fetchListPage = async (url: string): Promise<ListPage> => {
    const body = await getJson(url, http);
    if (body === null) throw new UpstreamRequestError(`CMS answered 404 for ${url}`, url, 404);
    return readListPage(body, url);
  };
  const loggedFailure = (url: string) => (error: unknown) => {
    log.error({ err: error, url: redactToken(url) }, 'CMS request failed');
    throw error;
  };
  const listPage = (url: string, scope: readonly Tag[]) => cache.get(url, scope, () => fetchListPage(url).catch(loggedFailure(url)));

  // While its pages come from the cache, a list is the same array, so that work derived from it (the
  // search index) is redone only when the content is refreshed.
  const assembled = new WeakMap<ListPage, { pages: ListPage[]; rows: Row[] }>();

  /** A whole list: the first page as SPEC asks for it, then any further pages in parallel. */
  const readAll = async <T>(url: string, scope: readonly Tag[]): Promise<T[]> => {
    const first = await listPage(url, scope);
    const rest = Array.from({ length: Math.max(0, first.lastPage - 1) }, (_, index) => listPage(`${url}&page=${index + 2}`, scope));
    const pages = [first, ...(await Promise.all(rest))];
    const known = assembled.get(first);
    if (known && known.pages.length === pages.length && known.pages.every((page, index) => page === pages[index])) return known.rows as T[];
    const rows = pages.flatMap((page) => page.data);
    assembled.set(first, { pages, rows });
    return rows as T[];
  };

  const entries = (collection: string, locale: Locale) => `${apiUrl}/collections/${collection}/entries?filter[site]=${siteFor(locale, collection)}`;
  const entriesIn = (collection: string, locale: Locale) => [entriesTag(collection, siteFor(locale, collection))];

  const cms: Cms = {
    globals: (locale) => readAll(`${apiUrl}/globals?site=${SITES[locale]}`, [globalsTag(SITES[locale])]),
    nav: (handle, locale) => readAll(`${apiUrl}/navs/${handle}/tree?site=${SITES[locale]}&fields=${NAV_FIELDS}`, [navTag(handle, SITES[locale])]),
    terms: (taxonomy: Taxonomy, locale) =>
      readAll(`${apiUrl}/taxonomies/${taxonomy}/terms?filter[site]=${siteFor(locale, taxonomy)}`, [termsTag(taxonomy, siteFor(locale, taxonomy))]),
    pages: (locale) => readAll(`${entries('pages', locale)}&fields=${PAGE_FIELDS}`, entriesIn('pages', locale)),
    employees: (locale) => readAll(`${entries('employees', locale)}&limit=100`, entriesIn('employees', locale)),
    list: (collection, locale) => readAll(`${entries(collection, locale)}&fields=${LIST_FIELDS}&sort=${LIST_ORDER[collection]}`, entriesIn(collection, locale)),

    async entryBySlug<C extends SlugCollection>(collection: C, slug: string, locale: Locale) {
      // Pages come from the page list every render loads anyway; the others are asked for by slug.
      if (collection === 'pages') {
        const pages = await cms.pages(locale);
        return (pages.find((page) => page.slug.toLowerCase() === slug.toLowerCase()) ?? null) as never;
      }
      const url = `${entries(collection, locale)}&filter[slug]=${encodeURIComponent(slug)}`;
      const site = siteFor(locale, collection);
      const { data } = await listPage(url, [slugsTag(collection, site), slugTag(collection, site, slug)]);
      return (data[0] ?? null) as never;
    },

    async translationUrl(collection, entry, target) {
      if (siteFor(target, collection) !== SITES[target]) return null;
      // An English entry points to its Dutch origin; a Dutch origin is pointed to by its translation.
      const [field, value] = target === 'nl' ? (['id', entry.origin_id] as const) : (['origin_id', entry.id] as const);
      if (!value) return null;
      if (collection === 'pages') {
        const match = (await cms.pages(target)).find((page) => page[field] === value);
        return match?.url ?? null;
      }
      const url = `${entries(collection, target)}&filter[${field}]=${encodeURIComponent(value)}&fields=url`;
      const { data } = await listPage(url, entriesIn(collection, target));
      const found = data[0]?.url;
      return typeof found === 'string' ? found : null;
    },

    async previewEntry(collection, id, token) {
      const url = `${apiUrl}/collections/${collection}/entries/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}`;
      const body = await getJson(url, http).catch(loggedFailure(url));
      if (body === null) return null;
      if (!isRow(body) || !isRow(body.data)) throw new UpstreamRequestError('CMS sent an unexpected entry shape for a preview', url, 200);
      return body.data as never;
    },
  };
  return cms;
};
