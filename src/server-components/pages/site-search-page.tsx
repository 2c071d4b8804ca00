import { Link } from '../../client-components/link.tsx';
import { LiveSearchForm } from '../../client-components/live-search-form.tsx';
import type { I18n } from '../../i18n/i18n.ts';
import { MarkedText } from '../../search/marked-text.tsx';
import { SEARCH_TYPES } from '../../common/search-params.ts';
import type { SearchType } from '../../common/search-params.ts';
import type { SearchResults } from '../../common/search-params.ts';
import { Pagination, searchHref } from '../search/pagination.tsx';
import { SearchField } from '../search/search-field.tsx';
import { HydratedApart } from '../hydrated-apart.tsx';

// The site search page (`/zoeken?q=`, `/en/search?q=`): a GET form, the number of matches per type as
// filter links, and the matches with the matched words marked.

const TYPE_LABELS: Record<SearchType, (i18n: I18n) => string> = {
  pages: (i18n) => i18n._('search_type_pages'),
  actualities: (i18n) => i18n._('search_type_actualities'),
  events: (i18n) => i18n._('search_type_events'),
  courses: (i18n) => i18n._('search_type_courses'),
  vacancies: (i18n) => i18n._('search_type_vacancies'),
  publications: (i18n) => i18n._('search_type_publications'),
};

export const searchTypeLabel = (i18n: I18n, type: SearchType): string => TYPE_LABELS[type](i18n);

const TypeFilter = ({ results, path, i18n }: { results: SearchResults; path: string; i18n: I18n }) => {
  const all = SEARCH_TYPES.reduce((sum, type) => sum + results.counts[type], 0);
  const options: Array<[SearchType | null, string, number]> = [
    [null, i18n._('search_type_all'), all],
    ...SEARCH_TYPES.filter((type) => results.counts[type] > 0).map((type): [SearchType, string, number] => [
      type,
      searchTypeLabel(i18n, type),
      results.counts[type],
    ]),
  ];
  return (
    <nav className="search-types" aria-label={i18n._('search_filter_type')}>
      <ul>
        {options.map(([type, label, count]) => (
          <li key={type ?? 'all'}>
            <Link
              href={searchHref(path, { q: results.query, type })}
              aria-current={type === results.type ? 'page' : undefined}
            >
              {label} <span className="search-types__count">({count})</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
};

export type SiteSearchProblem = 'invalid' | 'unavailable' | null;

export const SiteSearchPage = ({
  path,
  query,
  results,
  problem,
  i18n,
}: {
  path: string;
  query: string;
  results: SearchResults | null;
  problem: SiteSearchProblem;
  i18n: I18n;
}) => {
  const pages = results ? Math.ceil(results.total / results.perPage) : 0;
  return (
    <article className="search-page">
      <h1>{i18n._('search')}</h1>
      <LiveSearchForm action={path} label={i18n._('search')} className="search-form">
        <SearchField
          id="site-search-query"
          name="q"
          label={i18n._('search_label')}
          hint={i18n._('search_hint')}
          error={problem === 'invalid' ? i18n._('search_invalid') : null}
          defaultValue={query}
        />
        {results?.type ? <input type="hidden" name="type" value={results.type} /> : null}
        <button type="submit">{i18n._('search')}</button>
      </LiveSearchForm>
      <div className="search-page__results">
        {problem === 'unavailable' ? <p className="search-page__notice">{i18n._('search_unavailable')}</p> : null}
        {results?.query ? (
          <>
            <p role="status" className="search-page__count">
              {i18n._('search_results_for', { count: results.total, query: results.query })}
            </p>
            <TypeFilter results={results} path={path} i18n={i18n} />
            {results.hits.length ? (
              <HydratedApart>
                <ol className="search-results">
                  {results.hits.map((hit) => (
                    <li key={hit.url} className="search-result">
                      <span className="search-result__type">{searchTypeLabel(i18n, hit.type)}</span>
                      <h2 className="search-result__title">
                        <Link href={hit.url}>
                          <MarkedText segments={hit.title} />
                        </Link>
                      </h2>
                      {hit.snippet.length ? (
                        <p className="search-result__snippet">
                          <MarkedText segments={hit.snippet} />
                        </p>
                      ) : null}
                    </li>
                  ))}
                </ol>
              </HydratedApart>
            ) : (
              <p>{i18n._('search_no_results_hint')}</p>
            )}
            <Pagination
              page={results.page}
              pages={pages}
              href={(page) => searchHref(path, { q: results.query, type: results.type, page })}
              i18n={i18n}
            />
          </>
        ) : null}
      </div>
    </article>
  );
};
