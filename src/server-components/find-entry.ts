import 'server-only';
import { outsideRequestContext } from '../request-context.ts';
import type { Cms } from '../cms/cms.ts';
import { SLUG_COLLECTIONS } from '../cms/types.ts';
import type { AnyEntry, EntryBase, SlugCollection } from '../cms/types.ts';
import type { Locale } from '../common/routes.ts';
import { remember } from '../common/remember.ts';

/**
 * The entry a slug names, found in the lists the site holds (DESIGN section 9, "Entry lookup from the
 * lists"): the first list that holds the slug, in the order pages, courses, actualities, events,
 * vacancies, publications, says the collection, and only that collection's item is asked of the CMS (a
 * page is whole in the page list: nothing is asked). A slug no list holds is found nowhere without a
 * call beyond the lists, which every page reads anyway and which are kept and refreshed as any answer.
 *
 * The lists are asked in parallel, outside the page's dependencies, and each counts only once every list
 * above it lacks the slug: a list lower in the order never fails or delays a page matched higher up (the
 * CMS client logs its failure with its URL), and a list above the match that could not be had fails the
 * page (served stale from the page cache if it has a copy): a lower match is never shown in place of an
 * entry that may exist higher up. Each list up to the match is read again, from the cache, inside the
 * page's dependencies: a page depends on the lists that decided it and on its item, so a change to one of
 * those lists (an entry published, a slug renamed) makes it, or its 404, out of date.
 */
export const findEntry = async (cms: Cms, slug: string, locale: Locale): Promise<AnyEntry | null> => {
  const lists = outsideRequestContext(() => SLUG_COLLECTIONS.map((collection) => listOf(cms, collection, locale)));
  // Those below the match, or below a failure, are never awaited: none may reject unhandled.
  for (const list of lists) list.catch(() => {});
  const wanted = slug.toLowerCase();
  for (const [index, list] of lists.entries()) {
    await list;
    const collection = SLUG_COLLECTIONS[index]!;
    // Read again inside the page's dependencies (from the cache: the same array).
    const listed = bySlug(await listOf(cms, collection, locale)).get(wanted);
    if (!listed) continue;
    // The page list holds pages whole (cms.pages): nothing more to ask.
    if (collection === 'pages') return { collection, entry: listed };
    // Asked by the slug the list gives, so that every spelling of a path shares one answer. Unpublished
    // since the list was read, it is not there: the lists below may still hold the slug.
    const entry = await cms.entryBySlug(collection, listed.slug, locale);
    if (entry) return { collection, entry };
  }
  return null;
};

/**
 * A list's entries by their lower-cased slug, made once per list: the CMS client hands out the same array
 * while the list is kept, so a render looks a slug up instead of scanning six lists.
 */
const bySlug = remember(
  (list: readonly EntryBase[]) => {
    const entries = new Map<string, EntryBase>();
    // The first of a slug counts, as a scan of the list would find it.
    for (const entry of list) if (!entries.has(entry.slug.toLowerCase())) entries.set(entry.slug.toLowerCase(), entry);
    return entries;
  },
  { per: 'object' },
);

/** A collection's list: pages with every field a page shows, the others with their list fields. */
const listOf = (cms: Cms, collection: SlugCollection, locale: Locale): Promise<readonly EntryBase[]> =>
  collection === 'pages' ? cms.pages(locale) : cms.list(collection, locale);
