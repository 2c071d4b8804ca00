import 'server-only';
import { outsideRequestContext } from '../request-context.ts';
import type { Cms } from '../cms/cms.ts';
import { SLUG_COLLECTIONS } from '../cms/types.ts';
import type { AnyEntry } from '../cms/types.ts';
import type { Locale } from '../common/routes.ts';

/**
 * The entry a slug names: the six collections are asked in parallel (one CMS round trip) and the first
 * match in the order pages, courses, actualities, events, vacancies, publications wins. Each answer
 * counts only once every collection above it has found nothing, so a lookup lower in the order never
 * fails or delays a page matched higher up (the CMS client logs its failure with its URL). A failure
 * above the match fails the page (served stale from the page cache if it has a copy): a lower match is
 * never shown in place of an entry that may exist higher up.
 *
 * The lookups are asked outside the page's dependencies and read again, from the cache, in order up to
 * the match: a page depends on the lookups that decided it, not on those below, whether or not they
 * had answered when it rendered.
 */
export const findEntry = async (cms: Cms, slug: string, locale: Locale): Promise<AnyEntry | null> => {
  // A page of the page list, which every render reads and which is mostly at hand, asks nothing more.
  const inPages = cms.entryBySlug('pages', slug, locale);
  const page = await atHand(inPages);
  if (page) return { collection: 'pages', entry: page };
  const lookups = outsideRequestContext(() =>
    SLUG_COLLECTIONS.map((collection) =>
      collection === 'pages' ? inPages : cms.entryBySlug(collection, slug, locale),
    ),
  );
  // Those below the match, or below a failure, are never awaited: none may reject unhandled.
  for (const lookup of lookups) lookup.catch(() => {});
  for (const [index, lookup] of lookups.entries()) {
    await lookup;
    const collection = SLUG_COLLECTIONS[index]!;
    const entry = await cms.entryBySlug(collection, slug, locale);
    if (entry) return { collection, entry };
  }
  return null;
};

/** The answer, when it is already in memory (it settles before the event loop's next turn), else null. */
const atHand = <T>(answer: Promise<T | null>): Promise<T | null> =>
  Promise.race([answer.catch(() => null), new Promise<null>((resolve) => setImmediate(resolve, null))]);
