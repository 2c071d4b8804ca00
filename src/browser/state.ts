import { atom, getDefaultStore } from 'jotai';
import { MEMBER_SEARCH_PATHS, SEARCH_PATHS, localizedPath, splitLocale } from '../routes.ts';

// Client state as jotai atoms, named as in SPEC section 3. The route-derived ones follow the page: the
// router sets them whenever a page is on screen. One store for the page (the default store); the
// server never writes to it, so server-rendered HTML shows the atoms' initial values.

export const isSearchAtom = atom(false);
export const isMemberSearchAtom = atom(false);
/** The text of the site search: the query of the search page, or what is typed in the overlay. */
export const searchQueryAtom = atom('');
export const searchOpenAtom = atom(false);

export const store = getDefaultStore();

/** Sets the route-derived atoms for the page at `href`. */
export const followPage = (href: string): void => {
  const url = new URL(href);
  const { locale } = splitLocale(url.pathname);
  const isSearch = url.pathname === localizedPath(locale, SEARCH_PATHS[locale]);
  store.set(isSearchAtom, isSearch);
  store.set(isMemberSearchAtom, url.pathname === localizedPath(locale, MEMBER_SEARCH_PATHS[locale]));
  if (isSearch) store.set(searchQueryAtom, url.searchParams.get('q') ?? '');
};
