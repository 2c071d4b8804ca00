import 'server-only';
import type { ReactNode } from 'react';
import { parseArchitectQuery } from '../../common/register-query.ts';
import { getSiteServices } from '../../request-context.ts';
import type { I18n } from '../../i18n/i18n.ts';
import { MEMBER_SEARCH_PATHS, SEARCH_PATHS, localizedPath } from '../../common/routes.ts';
import type { Locale } from '../../common/routes.ts';
import { readSearchParams } from '../../common/search-params.ts';
import type { SearchResults } from '../../common/search-params.ts';
import type { SiteSearchTracking } from '../../client-components/analytics.tsx';
import { ArchitectSearchPage } from '../pages/architect-search-page.tsx';
import type { ArchitectOutcome, ArchitectSearchForm } from '../pages/architect-search-page.tsx';
import { SiteSearchPage } from '../pages/site-search-page.tsx';
import type { SiteSearchProblem } from '../pages/site-search-page.tsx';

// The two search pages, rendered from the URL alone, so that a search works without JavaScript and can
// be shared. A malformed query answers 400 and an unavailable search 503, each with the form to try again.

interface SearchPage {
  status: number;
  body: ReactNode;
  /** The query the search page shows, also kept on the language switch; empty when none. */
  query: Record<string, string>;
  /** The message of an error status, for the log and for bots. */
  message?: string;
  /** A search that found an answer (any number of results), for the statistics. */
  tracking?: SiteSearchTracking;
}

export type SearchPageBuilder = (locale: Locale, params: URLSearchParams, i18n: I18n) => Promise<SearchPage>;

export const siteSearchPage: SearchPageBuilder = async (locale, params, i18n) => {
  const { siteSearch, log } = getSiteServices();
  const path = localizedPath(locale, SEARCH_PATHS[locale]);
  const read = readSearchParams(params);
  const q = read.ok ? read.value.q : (params.get('q') ?? '');
  const page = (
    status: number,
    results: SearchResults | null,
    problem: SiteSearchProblem,
    message?: string,
  ): SearchPage => ({
    status,
    body: <SiteSearchPage path={path} query={q} results={results} problem={problem} i18n={i18n} />,
    query: results?.query ? { q: results.query } : {},
    ...(message ? { message } : {}),
    ...(results?.query
      ? { tracking: { keyword: results.query, category: results.type ?? false, count: results.total } }
      : {}),
  });
  if (!read.ok) return page(400, null, 'invalid', read.message);
  try {
    const results = await siteSearch.search({ locale, query: q, type: read.value.type ?? null, page: read.value.page });
    return page(200, results, null);
  } catch (error) {
    log.error({ err: error }, 'site search failed');
    return page(503, null, 'unavailable', 'The site search is unavailable right now.');
  }
};

/** The category of an architect search not narrowed to one title (which is its category then). */
const ARCHITECT_SEARCH_CATEGORY = 'register';

export const architectSearchPage: SearchPageBuilder = async (locale, params, i18n) => {
  const { register, log } = getSiteServices();
  const path = localizedPath(locale, MEMBER_SEARCH_PATHS[locale]);
  const parsed = parseArchitectQuery(params, 'lenient');
  const form: ArchitectSearchForm = parsed.ok
    ? {
        searchTerm: parsed.query.searchTerm,
        title: parsed.query.title,
        place: parsed.query.place,
        kind: parsed.query.kind,
      }
    : { searchTerm: params.get('searchTerm')?.slice(0, 200) ?? '', title: null, place: null, kind: null };

  const outcome = async (): Promise<ArchitectOutcome> => {
    if (!parsed.ok) return { kind: 'invalid' };
    // Without a question the page shows the form; the whole register is not a page to scroll through.
    if (!form.searchTerm && !form.title && !form.place && !form.kind) return { kind: 'none' };
    try {
      return { kind: 'results', results: await register.search(parsed.query) };
    } catch (error) {
      // docs/specification.md section 7: a failed architect search is logged; the page says so and
      // stays usable.
      log.error({ err: error }, 'register search failed');
      return { kind: 'unavailable' };
    }
  };
  const [result, places] = await Promise.all([outcome(), register.places()]);
  const status = result.kind === 'invalid' ? 400 : result.kind === 'unavailable' ? 503 : 200;
  return {
    status,
    body: <ArchitectSearchPage path={path} form={form} places={places} outcome={result} locale={locale} i18n={i18n} />,
    query: Object.fromEntries(
      Object.entries(form).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
      ),
    ),
    ...(parsed.ok ? {} : { message: parsed.message }),
    ...(result.kind === 'results'
      ? {
          tracking: {
            keyword: form.searchTerm,
            category: form.title ?? ARCHITECT_SEARCH_CATEGORY,
            count: result.results.meta.total,
          },
        }
      : {}),
    ...(result.kind === 'unavailable' ? { message: 'The register search is unavailable right now.' } : {}),
  };
};
