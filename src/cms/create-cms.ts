import 'server-only';
import { remember } from '../common/remember.ts';
import type { RenderLog } from '../common/contract.ts';
import type { Locale } from '../common/routes.ts';
import type { Cms } from './cms.ts';
import { UpstreamRequestError, UpstreamThrottledError, getJson, redactToken } from '../common/get-json.ts';
import type { UpstreamOptions } from '../common/get-json.ts';
import type { Tag } from '../common/cms-dependencies.ts';
import { parseEmployees, parseEntries, parseEntry, parseGlobals, parseNav, parseTerms } from './entries.ts';
import type { ReportField } from './entries.ts';
import { cmsRequests, sameSite } from './requests.ts';
import type { CmsRequest } from './requests.ts';
import type { CallPriority, RequestBudget } from './request-budget.ts';
import type { ResponseCache } from './response-cache.ts';
import type { EntryBase, ListCollection } from './types.ts';

// The site's calls to Statamic's REST API, with their exact query strings (docs/specification.md
// section 5).

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
  /** The calls the CMS's rate limit allows (request-budget.ts); absent: as many as asked. */
  budget?: RequestBudget;
  /** How long a visitor's call may wait for the budget or a 429's Retry-After. */
  waitLimitMs?: number;
}

/** Distinct unreadable fields remembered, so that each is logged once; past it, they are logged anew. */
const MAX_REPORTED_FIELDS = 10_000;

type Row = Record<string, unknown>;
const isRow = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value);

interface ListPage {
  data: Row[];
  lastPage: number;
}

/** Lists must be `{data: [...]}`; anything else is a failed call, not a crash later on. */
const readListPage = (body: unknown, url: string): ListPage => {
  if (!isRow(body) || !Array.isArray(body.data))
    throw new UpstreamRequestError(`CMS sent an unexpected list shape for ${url}`, url, 200);
  const lastPage = isRow(body.meta) && typeof body.meta.last_page === 'number' ? body.meta.last_page : 1;
  return { data: body.data.filter(isRow), lastPage };
};

export const createCms = ({
  apiUrl,
  apiKey,
  apiKeyHeader,
  timeoutMs,
  maxResponseBytes,
  log,
  cache,
  observe,
  budget,
  waitLimitMs = 0,
}: CmsOptions): Cms => {
  const upstream = (priority: CallPriority): UpstreamOptions => ({
    service: 'CMS',
    headers: { [apiKeyHeader]: apiKey },
    timeoutMs,
    maxBytes: maxResponseBytes,
    ...(observe ? { observe } : {}),
    // Nobody waits for a background call: it waits for nothing.
    ...(budget ? { budget: budget.for(priority), waitLimitMs: priority === 'visitor' ? waitLimitMs : 0 } : {}),
  });
  const http = { visitor: upstream('visitor'), background: upstream('background') };

  const fetchListPage = async (url: string, priority: CallPriority): Promise<ListPage> => {
    const body = await getJson(url, http[priority]);
    if (body === null) throw new UpstreamRequestError(`CMS answered 404 for ${url}`, url, 404);
    return readListPage(body, url);
  };
  const loggedFailure = (url: string) => (error: unknown) => {
    // Held back by the rate limit: its period is logged once (request-budget.ts), not each call.
    if (!(error instanceof UpstreamThrottledError))
      log.error({ err: error, url: redactToken(url) }, 'CMS request failed');
    throw error;
  };
  const listPage = (url: string, scope: readonly Tag[]) =>
    cache.get(url, scope, (priority) => fetchListPage(url, priority).catch(loggedFailure(url)));

  // While its pages come from the cache, a list is the same array, so that work derived from it (the
  // search index) is redone only when the content is refreshed.
  const assembled = remember(
    (_first: ListPage) => remember((pages: ListPage[]) => pages.flatMap((page) => page.data), { per: 'last sources' }),
    { per: 'object' },
  );

  /**
   * A whole list: the first page as docs/specification.md section 5 gives it, then any further pages
   * in parallel.
   */
  const readAll = async <T>(url: string, scope: readonly Tag[]): Promise<T[]> => {
    const first = await listPage(url, scope);
    const rest = Array.from({ length: Math.max(0, first.lastPage - 1) }, (_, index) =>
      listPage(`${url}&page=${index + 2}`, scope),
    );
    return assembled(first)([first, ...(await Promise.all(rest))]) as T[];
  };

  const requests = cmsRequests(apiUrl);
  const read = <T>({ url, tags }: CmsRequest) => readAll<T>(url, tags);

  // An unreadable field is logged once per process, not at every render that reads it.
  const reported = new Set<string>();
  const report: ReportField = (entryId, field) => {
    const key = `${entryId} ${field}`;
    if (reported.has(key)) return;
    if (reported.size >= MAX_REPORTED_FIELDS) reported.clear();
    reported.add(key);
    log.warn({ entry: entryId, field }, 'a CMS field could not be read; the page shows it as absent');
  };
  // Parsed once per answer: while an answer comes from the cache, so does what was parsed from it.
  const parsed = remember((_answer: object, parse: () => unknown) => parse(), { per: 'object' });
  const parseOnce = <T>(answer: object, parse: () => T): T => parsed(answer, parse) as T;
  const readParsed = async <T>(request: CmsRequest, parse: (rows: readonly unknown[]) => T): Promise<T> => {
    const rows = await read<unknown>(request);
    return parseOnce(rows, () => parse(rows));
  };

  const cms: Cms = {
    globals: (locale) => readParsed(requests.globals(locale), (rows) => parseGlobals(rows, report)),
    nav: (handle, locale) => readParsed(requests.nav(handle, locale), (rows) => parseNav(rows, report)),
    terms: (taxonomy, locale) => readParsed(requests.terms(taxonomy, locale), (rows) => parseTerms(rows, report)),
    pages: (locale) => readParsed(requests.pages(locale), (rows) => parseEntries('pages', rows, report)),
    employees: (locale) => readParsed(requests.employees(locale), (rows) => parseEmployees(rows, report)),
    list: (collection, locale) =>
      readParsed(requests.list(collection, locale), (rows) => parseEntries(collection, rows, report)),

    async entryBySlug<C extends ListCollection>(collection: C, slug: string, locale: Locale) {
      const { url, tags } = requests.entryBySlug(collection, slug, locale);
      const { data } = await listPage(url, tags);
      const [row] = data;
      return row ? parseOnce(row, () => parseEntry(collection, row, report)) : null;
    },

    async translationUrl(collection, entry, target) {
      if (!sameSite(target, collection)) return null;
      // An English entry points to its Dutch origin; a Dutch origin is pointed to by its translation.
      // Found in the other language's whole list, which every page asks for ahead (ask-ahead.ts).
      const [field, value] = target === 'nl' ? (['id', entry.origin_id] as const) : (['origin_id', entry.id] as const);
      if (!value) return null;
      const candidates: readonly EntryBase[] =
        collection === 'pages' ? await cms.pages(target) : await cms.list(collection, target);
      return candidates.find((candidate) => candidate[field] === value)?.url ?? null;
    },

    async previewEntry(collection, id, token) {
      const url = requests.entry(collection, id, token);
      const body = await getJson(url, http.visitor).catch(loggedFailure(url));
      if (body === null) return null;
      if (!isRow(body) || !isRow(body.data))
        throw new UpstreamRequestError('CMS sent an unexpected entry shape for a preview', url, 200);
      return parseEntry(collection, body.data, report);
    },
  };
  return cms;
};
