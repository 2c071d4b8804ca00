import 'server-only';
import type { Cms } from '../cms/cms.ts';
import { SLUG_COLLECTIONS } from '../cms/types.ts';
import type { AnyEntry } from '../cms/types.ts';
import type { Locale } from '../routes.ts';

/**
 * The entry a slug names: the six collections are asked in parallel (one CMS round trip) and the first
 * match in the order pages, courses, actualities, events, vacancies, publications wins. Each answer
 * counts only once every collection above it has found nothing, so a lookup lower in the order never
 * fails or delays a page matched higher up (the CMS client logs its failure with its URL). A failure
 * above the match fails the page (served stale from the page cache if it has a copy): a lower match is
 * never shown in place of an entry that may exist higher up.
 */
export const findEntry = async (cms: Cms, slug: string, locale: Locale): Promise<AnyEntry | null> => {
  const lookups = SLUG_COLLECTIONS.map((collection) => cms.entryBySlug(collection, slug, locale));
  // Those below the match, or below a failure, are never awaited: none may reject unhandled.
  for (const lookup of lookups) lookup.catch(() => {});
  for (const [index, lookup] of lookups.entries()) {
    const entry = await lookup;
    if (entry) return { collection: SLUG_COLLECTIONS[index], entry } as AnyEntry;
  }
  return null;
};
