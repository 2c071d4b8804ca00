import { LIST_COLLECTIONS } from '../../cms/types.ts';
import type { Actuality, Course, Event, ListCollection, PageComponent, Publication, Vacancy } from '../../cms/types.ts';
import { isFilteredCollection, isFiltering, matchesFilter, readListFilter } from '../../common/list-filter.ts';
import { amsterdamDay } from '../templates/formatted-date.tsx';
import { numberValue, optionValue } from './fields.ts';

// What a collection list shows, in the order it shows it: the one source of the list block, of the page
// count the page resolution checks a page number against, and of a detail page's related entries.

/** Any entry of a listed collection: the list call asks for the fields all of them share or own. */
export type ListEntry = Actuality & Event & Course & Vacancy & Publication;

export type CollectionListSet = Extract<PageComponent, { type: 'collection_list' }>;

export const isListCollection = (value: string | null): value is ListCollection =>
  value !== null && (LIST_COLLECTIONS as readonly string[]).includes(value);

const DEFAULT_LIMIT = 6;

/** The block's `limit`: how many entries a page of the list shows. */
export const pageSizeOf = (block: CollectionListSet): number =>
  Math.max(1, Math.floor(numberValue(block.limit) ?? DEFAULT_LIMIT));

/**
 * The list a page pages by `?pagina=N`: its one collection list. A page with several lists (the home
 * page's news and agenda) shows the first page of each, as teasers of the lists' own pages, since one
 * page number cannot page two lists.
 */
type Sets = ReadonlyArray<PageComponent | { id: string; type: string }>;

export const pagedListOf = (components: Sets | null | undefined): CollectionListSet | null => {
  // A CMS may send anything where the sets belong.
  const sets: Sets = Array.isArray(components) ? components : [];
  const lists = sets.filter(
    (set): set is CollectionListSet =>
      typeof set === 'object' &&
      set !== null &&
      set.type === 'collection_list' &&
      isListCollection(optionValue((set as CollectionListSet).collection)),
  );
  return lists.length === 1 ? (lists[0] ?? null) : null;
};

const dayOf = (entry: ListEntry) => (entry.date ? amsterdamDay(entry.date) : null) ?? '';

/** An event whose day is before `today` (`YYYY-MM-DD` in Amsterdam). */
export const isPastEvent = (entry: ListEntry, today: string): boolean => dayOf(entry) < today;

export const today = (): string => amsterdamDay(new Date()) ?? '';

/**
 * The entries a list shows, newest first as the CMS sorts them. Events are the exception: the agenda
 * shows the ones still to come first, soonest first, then the past ones, most recent first.
 */
const listOrder = (collection: ListCollection, entries: readonly ListEntry[]): ListEntry[] => {
  const linked = entries.filter((entry) => entry.url && entry.title);
  if (collection !== 'events') return linked;
  const now = today();
  const upcoming = linked.filter((entry) => !isPastEvent(entry, now)).sort((a, b) => dayOf(a).localeCompare(dayOf(b)));
  const past = linked.filter((entry) => isPastEvent(entry, now)).sort((a, b) => dayOf(b).localeCompare(dayOf(a)));
  return [...upcoming, ...past];
};

/** The entries of a list block in its order, narrowed by the filter in `query` when the block offers one. */
export const blockEntries = (
  block: CollectionListSet,
  collection: ListCollection,
  entries: readonly ListEntry[],
  query: URLSearchParams,
): ListEntry[] => {
  const ordered = listOrder(collection, entries);
  if (block.filters !== true || !isFilteredCollection(collection)) return ordered;
  const filter = readListFilter(query);
  return isFiltering(filter) ? ordered.filter((entry) => matchesFilter(collection, entry, filter)) : ordered;
};

/** The taxonomy fields an entry is related to others by. */
const TERM_FIELDS = ['actuality_type', 'event_type', 'course_type', 'publication_type', 'disciplines'] as const;

const termsOf = (entry: ListEntry): Set<string> =>
  new Set(
    TERM_FIELDS.flatMap((field) => {
      const value: unknown = entry[field];
      const terms = Array.isArray(value) ? value : value ? [value] : [];
      return terms.flatMap((term: unknown) =>
        typeof term === 'object' && term !== null && 'slug' in term && typeof term.slug === 'string'
          ? [`${field}:${term.slug}`]
          : [],
      );
    }),
  );

export interface Neighbours {
  previous: ListEntry | null;
  next: ListEntry | null;
  related: ListEntry[];
}

const RELATED = 3;

/**
 * Around the entry `id` in `entries` (as the CMS sorts them: news and publications newest first,
 * events by date, courses and vacancies by title): the one before and after it, and up to three others
 * that share most of its terms (type, disciplines), the list's first ones among equals. The neighbours
 * are not repeated among the related entries.
 */
export const neighboursOf = (collection: ListCollection, entries: readonly ListEntry[], id: string): Neighbours => {
  const linked = entries.filter((entry) => entry.url && entry.title);
  const index = linked.findIndex((entry) => entry.id === id);
  const previous = index > 0 ? (linked[index - 1] ?? null) : null;
  const next = index >= 0 ? (linked[index + 1] ?? null) : null;
  const own = entries.find((entry) => entry.id === id);
  const ownTerms = own ? termsOf(own) : new Set<string>();
  const shared = (entry: ListEntry) => [...termsOf(entry)].filter((term) => ownTerms.has(term)).length;
  const shown = new Set([id, previous?.id, next?.id]);
  const related = listOrder(collection, linked)
    .filter((entry) => !shown.has(entry.id))
    .map((entry, order) => ({ entry, order, score: shared(entry) }))
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, RELATED)
    .map(({ entry }) => entry);
  return { previous, next, related };
};
