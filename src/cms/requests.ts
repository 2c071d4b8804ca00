import type { Locale } from '../common/routes.ts';
import { entriesTag, globalsTag, navTag, slugTag, slugsTag, termsTag } from '../common/cms-dependencies.ts';
import type { NavHandle, SiteHandle, Tag } from '../common/cms-dependencies.ts';
import type { ListCollection, SlugCollection, Taxonomy } from './types.ts';

// Every call the site makes to Statamic's REST API, with its exact query string (docs/specification.md
// section 5) and the dependency tags of its answer: the CMS client sends them, `npm run check-cms` asks
// each once.

export interface CmsRequest {
  url: string;
  /** What the answer depends on (src/common/cms-dependencies.ts). */
  tags: readonly Tag[];
}

const SITES: Record<Locale, SiteHandle> = { nl: 'default', en: 'en' };
/** Courses and course types exist in the default site only. */
const siteFor = (locale: Locale, handle: string): SiteHandle =>
  handle === 'courses' || handle === 'course_types' ? 'default' : SITES[locale];

export const PAGE_FIELDS = [
  'id',
  'collection',
  'title',
  'slug',
  'components',
  'texts',
  'seo_title',
  'og_title',
  'seo_description',
  'og_description',
  'og_image',
  'hero_image',
  'hero_text',
  'origin_id',
  'url',
  'parent',
  'theme',
  'analytics_ignore',
  'redirect',
  'last_modified',
] as const;
export const LIST_FIELDS = [
  'id',
  'origin_id',
  'title',
  'slug',
  'url',
  'date',
  'last_modified',
  'intro',
  'content',
  'image',
  'actuality_type',
  'event_type',
  'course_type',
  'publication_type',
  'disciplines',
  'location',
  'start_time',
  'end_time',
  'start_date',
  'closing_date',
  'publication_date',
] as const;
export const NAV_FIELDS = ['open_in_new_tab', 'url', 'title', 'slug'] as const;
const LIST_ORDER: Record<ListCollection, string> = {
  actualities: '-date',
  events: 'date',
  courses: 'title',
  vacancies: 'title',
  publications: '-publication_date',
};

export const cmsRequests = (apiUrl: string) => {
  const entries = (collection: string, locale: Locale) =>
    `${apiUrl}/collections/${collection}/entries?filter[site]=${siteFor(locale, collection)}`;
  const entriesIn = (collection: string, locale: Locale) => [entriesTag(collection, siteFor(locale, collection))];
  return {
    globals: (locale: Locale): CmsRequest => ({
      url: `${apiUrl}/globals?site=${SITES[locale]}`,
      tags: [globalsTag(SITES[locale])],
    }),
    nav: (handle: NavHandle, locale: Locale): CmsRequest => ({
      url: `${apiUrl}/navs/${handle}/tree?site=${SITES[locale]}&fields=${NAV_FIELDS.join(',')}`,
      tags: [navTag(handle, SITES[locale])],
    }),
    terms: (taxonomy: Taxonomy, locale: Locale): CmsRequest => ({
      url: `${apiUrl}/taxonomies/${taxonomy}/terms?filter[site]=${siteFor(locale, taxonomy)}`,
      tags: [termsTag(taxonomy, siteFor(locale, taxonomy))],
    }),
    pages: (locale: Locale): CmsRequest => ({
      url: `${entries('pages', locale)}&fields=${PAGE_FIELDS.join(',')}`,
      tags: entriesIn('pages', locale),
    }),
    employees: (locale: Locale): CmsRequest => ({
      url: `${entries('employees', locale)}&limit=100`,
      tags: entriesIn('employees', locale),
    }),
    list: (collection: ListCollection, locale: Locale): CmsRequest => ({
      url: `${entries(collection, locale)}&fields=${LIST_FIELDS.join(',')}&sort=${LIST_ORDER[collection]}`,
      tags: entriesIn(collection, locale),
    }),
    /** Pages are whole in the page list; an entry of the other collections is asked for by slug. */
    entryBySlug: (collection: ListCollection, slug: string, locale: Locale): CmsRequest => ({
      url: `${entries(collection, locale)}&filter[slug]=${encodeURIComponent(slug)}`,
      tags: [slugsTag(collection, siteFor(locale, collection)), slugTag(collection, siteFor(locale, collection), slug)],
    }),
    /** One entry by id; with a live-preview token for previews, never cached: the token decides what the CMS shows. */
    entry: (collection: SlugCollection, id: string, token?: string): string =>
      `${apiUrl}/collections/${collection}/entries/${encodeURIComponent(id)}${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}`,
  };
};

export const sameSite = (locale: Locale, collection: string): boolean => siteFor(locale, collection) === SITES[locale];
