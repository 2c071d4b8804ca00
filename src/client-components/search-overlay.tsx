'use client';

import { useAtom } from 'jotai';
import { useEffect, useId } from 'react';
import { navigate } from '../browser/navigation.ts';
import { searchOpenAtom, searchQueryAtom, searchResultsAtom } from '../browser/state.ts';
import { SEARCH_API_PATH } from '../common/payload.ts';
import type { Locale } from '../common/routes.ts';
import { MarkedText } from '../search/marked-text.tsx';
import type { SearchResults, SearchType } from '../common/search-params.ts';
import { Link } from './link.tsx';
import { useHydrated } from './use-hydrated.ts';
import { useModalDialog } from './use-modal-dialog.ts';

// The search of the header. Without JavaScript it is a link to the search page (whose form works
// without it); with it, a modal dialog with a search form that shows the best matches while typing.

const TYPING_PAUSE_MS = 150;
const LIVE_RESULTS = 6;
const MIN_QUERY_LENGTH = 2;

export interface SearchOverlayText {
  open: string;
  close: string;
  heading: string;
  label: string;
  submit: string;
  showAll: string;
  /** With `#` for the number. */
  resultsOne: string;
  resultsOther: string;
  noResults: string;
  types: Record<SearchType, string>;
}

const countText = (text: SearchOverlayText, total: number) =>
  total === 0 ? text.noResults : (total === 1 ? text.resultsOne : text.resultsOther).replace('#', String(total));

/** The best matches for `query`, fetched after a pause in typing; null while there is nothing to show. */
const useLiveResults = (query: string, locale: Locale, active: boolean) => {
  const [results, setResults] = useAtom(searchResultsAtom);
  useEffect(() => {
    const searched = query.trim();
    if (!active || searched.length < MIN_QUERY_LENGTH) {
      setResults(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const params = new URLSearchParams({ q: searched, locale, perPage: String(LIVE_RESULTS) });
      fetch(`${SEARCH_API_PATH}?${params}`, { signal: controller.signal })
        .then((response) =>
          response.ok
            ? (response.json() as Promise<SearchResults>)
            : Promise.reject(new Error(`search answered ${response.status}`)),
        )
        .then(setResults)
        .catch((error: unknown) => {
          // The form still submits to the search page; live results are a convenience.
          if (!controller.signal.aborted) console.warn('Live search results are unavailable', error);
        });
    }, TYPING_PAUSE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, locale, active, setResults]);
  return results;
};

export const SearchOverlay = ({
  locale,
  searchPath,
  text,
}: {
  locale: Locale;
  searchPath: string;
  text: SearchOverlayText;
}) => {
  const [open, setOpen] = useAtom(searchOpenAtom);
  const [query, setQuery] = useAtom(searchQueryAtom);
  const enhanced = useHydrated();
  const { dialog, opener, initialFocus, onKeyDown } = useModalDialog(open);
  const headingId = useId();
  const results = useLiveResults(query, locale, open);

  const pageHref = (searched: string) =>
    searched.trim() ? `${searchPath}?${new URLSearchParams({ q: searched.trim() })}` : searchPath;

  if (!enhanced) return <a href={searchPath}>{text.open}</a>;
  return (
    <>
      <button
        ref={opener}
        type="button"
        className="search-toggle"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        {text.open}
      </button>
      <dialog
        ref={dialog}
        className="search-overlay"
        aria-labelledby={headingId}
        onClose={() => setOpen(false)}
        onKeyDown={onKeyDown}
      >
        <div className="search-overlay__bar">
          <h2 id={headingId} className="search-overlay__heading">
            {text.heading}
          </h2>
          <button type="button" className="search-overlay__close" onClick={() => setOpen(false)}>
            {text.close}
          </button>
        </div>
        <form
          role="search"
          className="search-form"
          action={searchPath}
          method="get"
          onSubmit={(event) => {
            event.preventDefault();
            setOpen(false);
            void navigate(pageHref(query));
          }}
        >
          <label className="search-form__label">
            {text.label}
            <input
              ref={initialFocus}
              type="search"
              name="q"
              value={query}
              autoComplete="off"
              maxLength={200}
              onChange={(event) => setQuery(event.target.value)}
            />
          </label>
          <button type="submit">{text.submit}</button>
        </form>
        <div className="search-overlay__results">
          <p role="status" className="search-overlay__count">
            {results ? countText(text, results.total) : ''}
          </p>
          {results?.hits.length ? (
            <ul>
              {results.hits.map((hit) => (
                <li key={hit.url}>
                  <Link href={hit.url} onClick={() => setOpen(false)}>
                    <MarkedText segments={hit.title} />
                  </Link>
                  <span className="search-result__type">{text.types[hit.type]}</span>
                </li>
              ))}
            </ul>
          ) : null}
          {results && results.total > results.hits.length ? (
            <Link href={pageHref(results.query)} onClick={() => setOpen(false)}>
              {text.showAll}
            </Link>
          ) : null}
        </div>
      </dialog>
    </>
  );
};
