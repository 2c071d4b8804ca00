import 'server-only';
import type { Cms } from '../cms/cms.ts';
import { SLUG_COLLECTIONS } from '../cms/types.ts';
import type { AnyEntry } from '../cms/types.ts';
import type { Locale } from '../routes.ts';

/**
 * The entry a slug names: the six collections are asked in parallel and the first match in the order
 * pages, courses, actualities, events, vacancies, publications wins (one CMS round trip).
 */
export const findEntry = async (cms: Cms, slug: string, locale: Locale): Promise<AnyEntry | null> => {
  const matches = await Promise.all(SLUG_COLLECTIONS.map((collection) => cms.entryBySlug(collection, slug, locale)));
  const index = matches.findIndex((entry) => entry !== null);
  if (index === -1) return null;
  return { collection: SLUG_COLLECTIONS[index], entry: matches[index] } as AnyEntry;
};
