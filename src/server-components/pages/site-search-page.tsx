import { Link } from '../../client-components/link.tsx';
import { LiveSearchForm } from '../../client-components/live-search-form.tsx';
import type { Translate } from '../../i18n/translate.ts';
import { MarkedText } from '../../search/marked-text.tsx';
import { SEARCH_TYPES } from '../../search/search-params.ts';
import type { SearchType } from '../../search/search-params.ts';
import type { SearchResults } from '../../search/search-params.ts';
import { Pagination, searchHref } from '../search/pagination.tsx';
import { SearchField } from '../search/search-field.tsx';

// The site search page (`/zoeken?q=`, `/en/search?q=`): a GET form, the number of matches per type as
// filter links, and the matches with the matched words marked.

const TYPE_LABELS: Record<SearchType, (t: Translate) => string> = {
  pages: (t) => t('search_type_pages'),
  actualities: (t) => t('search_type_actualities'),
  events: (t) => t('search_type_events'),
  courses: (t) => t('search_type_courses'),
  vacancies: (t) => t('search_type_vacancies'),
  publications: (t) => t('search_type_publications'),
};

export const searchTypeLabel = (t: Translate, type: SearchType): string => TYPE_LABELS[type](t);

const TypeFilter = ({ results, path, t }: { results: SearchResults; path: string; t: Translate }) => {
  const all = SEARCH_TYPES.reduce((sum, type) => sum + results.counts[type], 0);
  const options: Array<[SearchType | null, string, number]> = [
    [null, t('search_type_all'), all],
    ...SEARCH_TYPES.filter((type) => results.counts[type] > 0).map((type): [SearchType, string, number] => [
      type,
      searchTypeLabel(t, type),
      results.counts[type],
    ]),
  ];
  return (
    <nav className="search-types" aria-label={t('search_filter_type')}>
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
  t,
}: {
  path: string;
  query: string;
  results: SearchResults | null;
  problem: SiteSearchProblem;
  t: Translate;
}) => {
  const pages = results ? Math.ceil(results.total / results.perPage) : 0;
  return (
    <article className="search-page">
      <h1>{t('search')}</h1>
      <LiveSearchForm action={path} label={t('search')} className="search-form">
        <SearchField
          id="site-search-query"
          name="q"
          label={t('search_label')}
          hint={t('search_hint')}
          error={problem === 'invalid' ? t('search_invalid') : null}
          defaultValue={query}
        />
        {results?.type ? <input type="hidden" name="type" value={results.type} /> : null}
        <button type="submit">{t('search')}</button>
      </LiveSearchForm>
      <div className="search-page__results">
        {problem === 'unavailable' ? <p className="search-page__notice">{t('search_unavailable')}</p> : null}
        {results?.query ? (
          <>
            <p role="status" className="search-page__count">
              {t('search_results_for', { count: results.total, query: results.query })}
            </p>
            <TypeFilter results={results} path={path} t={t} />
            {results.hits.length ? (
              <ol className="search-results">
                {results.hits.map((hit) => (
                  <li key={hit.url} className="search-result">
                    <span className="search-result__type">{searchTypeLabel(t, hit.type)}</span>
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
            ) : (
              <p>{t('search_no_results_hint')}</p>
            )}
            <Pagination
              page={results.page}
              pages={pages}
              href={(page) => searchHref(path, { q: results.query, type: results.type, page })}
              t={t}
            />
          </>
        ) : null}
      </div>
    </article>
  );
};
