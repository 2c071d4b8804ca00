import { MEMBER_SEARCH_PATHS, SEARCH_PATHS, localizedPath, splitLocale } from '../common/routes.ts';
import {
  currentHashAtom,
  cursorAtom,
  isHomeAtom,
  isMemberSearchAtom,
  isSearchAtom,
  languageAtom,
  lastRouteAtom,
  searchQueryAtom,
  store,
} from './state.ts';
import { writeLocaleCookie } from './write-locale-cookie.ts';

/**
 * Sets the route-derived state for the page at `href` (docs/specification.md section 4, on every
 * navigation).
 */
export const followPage = (href: string): void => {
  const url = new URL(href);
  const { locale } = splitLocale(url.pathname);
  const isSearch = url.pathname === localizedPath(locale, SEARCH_PATHS[locale]);
  const isMemberSearch = url.pathname === localizedPath(locale, MEMBER_SEARCH_PATHS[locale]);
  store.set(cursorAtom, 'default');
  store.set(isSearchAtom, isSearch);
  if (isSearch) store.set(searchQueryAtom, url.searchParams.get('q') ?? '');
  store.set(isMemberSearchAtom, isMemberSearch);
  if (!isMemberSearch) store.set(lastRouteAtom, url.pathname + url.search);
  // Both home pages, `/` and `/en` (docs/specification.md section 9.7).
  store.set(isHomeAtom, url.pathname === localizedPath(locale, '/'));
  store.set(languageAtom, locale);
  writeLocaleCookie(locale);
  store.set(currentHashAtom, url.hash);
};
