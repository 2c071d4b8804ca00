import { atom, getDefaultStore } from 'jotai';
import type { Locale } from '../common/routes.ts';
import type { SearchResults } from '../common/search-params.ts';
import type { FilteredCollection } from '../common/list-filter.ts';
import { DEFAULT_THEME } from '../page-theme.ts';
import type { Theme } from '../page-theme.ts';

// Client state as jotai atoms, named as in docs/specification.md section 3. One store for the page (the
// default store): the server never writes to it, so server-rendered HTML shows the atoms' initial
// values, and the browser sets them from the page (PageState) and from navigation (router).

export const taglinesAtom = atom<string[]>([]);

export const isHomeAtom = atom(false);
/** On until the start data of the first page arrived without error. */
export const isPendingAtom = atom(true);
export const isSearchAtom = atom(false);
export const isMemberSearchAtom = atom(false);
export const menuOpenAtom = atom(false);
export const searchOpenAtom = atom(false);
export const hideHeaderAtom = atom(false);
/** The header is transparent while it lies over a page's hero image. */
export const headerTransAtom = atom(false);
export const transitioningAtom = atom(false);

/** The text of the site search: the query of the search page, or what is typed in the overlay. */
export const searchQueryAtom = atom('');
export const mouseAtom = atom({ x: 0, y: 0 });
export type Cursor = 'default' | 'link';
export const cursorAtom = atom<Cursor>('default');

export interface ListFilter {
  search: string;
  /** Slugs of the chosen taxonomy terms. */
  selectors: string[];
}
const noFilter = (): ListFilter => ({ search: '', selectors: [] });
/**
 * The list filters, keyed as docs/specification.md section 3 states: the courses list keeps its filter
 * under `events` and the events list under `courses`. Use `filterKey` to find a list's key.
 */
export const filtersAtom = atom<Record<FilteredCollection, ListFilter>>({
  actualities: noFilter(),
  events: noFilter(),
  courses: noFilter(),
});
export const filterKey = (collection: FilteredCollection): FilteredCollection =>
  collection === 'courses' ? 'events' : collection === 'events' ? 'courses' : collection;

export const themeAtom = atom<Theme>(DEFAULT_THEME);
/** The last path that was not the architect search (where its "back" leads). */
export const lastRouteAtom = atom<string | null>(null);
export const currentHashAtom = atom('');

export const swipeTransitionAtom = atom<{ active: boolean; direction: 'up' | 'down' }>({
  active: false,
  direction: 'down',
});
interface Coords {
  left: number;
  top: number;
  width: number;
  height: number;
}
export interface ScaleTransition {
  active: boolean;
  /** The page scroll when the image was clicked, so the image starts where it was seen. */
  scroll: number;
  show: boolean;
  image: string | null;
  coords: Coords;
}
export const scaleTransitionAtom = atom<ScaleTransition>({
  active: false,
  scroll: 0,
  show: false,
  image: null,
  coords: { left: 0, top: 0, width: 0, height: 0 },
});

export interface CurrentEntry {
  id: string;
  collection: string;
  title: string;
}
export const currentEntryAtom = atom<CurrentEntry | null>(null);
/** The place of the current entry in its list, from 0; null for pages. */
export const postIndexAtom = atom<number | null>(null);
/** Ids of the entries a filtered list shows. */
export const filteredListsAtom = atom<Record<FilteredCollection, string[] | null>>({
  actualities: null,
  events: null,
  courses: null,
});
/** The live results of the search overlay for what is typed; null while there is nothing to show. */
export const searchResultsAtom = atom<Pick<SearchResults, 'query' | 'total' | 'hits'> | null>(null);
/** The error text of the page (error pages, a failed start), or null. */
export const errorTextAtom = atom<string | null>(null);
export const languageAtom = atom<Locale>('nl');

export const store = getDefaultStore();
