import type { Response } from 'express';
import type { Tag } from '../../src/common/cms-dependencies.ts';

// What a CDN may purge a public page by, in `Surrogate-Key` (Fastly; Akamai with a mapping) and
// `Cache-Tag` (Cloudflare, Bunny), and the keys the webhook's answer lists for a change (docs/statamic.md:
// Revalidation): the scopes of the CMS answers the page was made from (a collection's entries in a site,
// a lookup by slug, a nav tree, the globals, a taxonomy's terms). The ids of the entries, terms and
// assets an answer holds stay out: a page holds hundreds, and response headers must stay small (a proxy
// such as nginx refuses a response whose headers pass its 4 to 8 KB buffer). A page that depends on
// one only through a relation is refreshed by the CDN's own expiry (`s-maxage`) instead. Tags naming a
// CMS answer by its URL stay out too: they hold the CMS's address.
// A page rendered for the request sends its headers before its streamed parts have read the CMS, so its
// scopes are not all known yet: it also carries PARTIAL_KEY, which every change purges, and has its full
// keys once it is served from the page cache.

/** On every public page: purging it purges them all. */
const ALL_PAGES_KEY = 'all';
/** On pages whose keys may be incomplete: every change purges it. */
const PARTIAL_KEY = 'partial';
/** Each header's bound, prefixes included; a sample page needs about half of it. */
export const MAX_KEYS_LENGTH = 1000;

const isScope = (tag: Tag) => !tag.startsWith('id:') && !tag.startsWith('url:');

/** The keys of pages and changes, each with the site's prefix (SURROGATE_KEY_PREFIX), so that sites sharing a
 *  CDN zone or service purge only their own pages. */
export interface SurrogateKeys {
  /** A public page's keys, from the tags of the CMS answers it was made from. */
  ofPage(tags: Iterable<Tag>, complete: boolean): string[];
  /** The keys a CDN purges for a change whose tags are `tags`. */
  ofChange(tags: readonly Tag[] | 'everything'): string[];
}

export const createSurrogateKeys = (prefix: string): SurrogateKeys => {
  const prefixed = (keys: readonly string[]) => keys.map((key) => prefix + key);
  return {
    ofPage(tags, complete) {
      const scopes = [...new Set([...tags].filter(isScope))].sort();
      const keys = prefixed([ALL_PAGES_KEY, ...(complete ? [] : [PARTIAL_KEY]), ...scopes]);
      // Past the bound, only the keys that every change or a full purge reaches.
      return keys.join(' ').length <= MAX_KEYS_LENGTH ? keys : prefixed([ALL_PAGES_KEY, PARTIAL_KEY]);
    },
    ofChange: (tags) => prefixed(tags === 'everything' ? [ALL_PAGES_KEY] : [...tags.filter(isScope), PARTIAL_KEY]),
  };
};

export const setSurrogateKeys = (res: Response, keys: readonly string[]): void => {
  res.set('Surrogate-Key', keys.join(' '));
  res.set('Cache-Tag', keys.join(','));
};
