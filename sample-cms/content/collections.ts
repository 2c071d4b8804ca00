import { Bilingual, L } from './model.ts';
import type { FieldValue, SiteHandle } from './model.ts';

// The collections and their blueprints. Blueprint fields carry their empty value so every entry of a
// collection has the same keys, as Statamic's augmentation adds every blueprint field.

export interface CollectionConfig {
  handle: string;
  title: string;
  blueprint: { title: string; handle: string };
  sites: readonly SiteHandle[];
  /** A dated collection: `date` is the entry date. */
  dated: boolean;
  /** Statamic's `future_date_behavior`: `private` makes an entry dated after now `scheduled` (hidden from lists). */
  futureDateBehavior: 'public' | 'private';
  /** Statamic's `past_date_behavior`: `private` makes an entry dated before now `expired`. */
  pastDateBehavior: 'public' | 'private';
  /** The route per site, without the site prefix; null: the entries have no URL. */
  route: Bilingual<string> | null;
  /** Structured (pages): the URI follows the tree, `/{parent_uri}/{slug}`. */
  structured: boolean;
  /** The key of the page this collection is mounted on (its list page). */
  mountKey: string | null;
  /** Blueprint fields beyond title, with their empty values. */
  fields: Record<string, FieldValue>;
}

const BOTH: readonly SiteHandle[] = ['default', 'en'];

/** SEO, Open Graph, theme and analytics fields every routable collection shares. */
const PAGE_META_FIELDS: Record<string, FieldValue> = {
  seo_title: null,
  seo_description: null,
  og_title: null,
  og_description: null,
  og_image: null,
  theme: null,
  analytics_ignore: false,
};

const collection = (
  config: Omit<CollectionConfig, 'futureDateBehavior' | 'pastDateBehavior' | 'structured'> &
    Partial<Pick<CollectionConfig, 'futureDateBehavior' | 'pastDateBehavior' | 'structured'>>,
): CollectionConfig => ({
  futureDateBehavior: 'public',
  pastDateBehavior: 'public',
  structured: false,
  ...config,
});

export const COLLECTIONS: readonly CollectionConfig[] = [
  collection({
    handle: 'pages',
    title: 'Pages',
    blueprint: { title: 'Page', handle: 'page' },
    sites: BOTH,
    dated: false,
    structured: true,
    route: L('{parent_uri}/{slug}', '{parent_uri}/{slug}'),
    mountKey: null,
    fields: {
      ...PAGE_META_FIELDS,
      hero_image: null,
      hero_text: null,
      texts: [],
      components: [],
      redirect: null,
    },
  }),
  collection({
    handle: 'actualities',
    title: 'Actualities',
    blueprint: { title: 'Actuality', handle: 'actuality' },
    sites: BOTH,
    dated: true,
    // News dated in the future stays hidden until its date, as editors schedule it.
    futureDateBehavior: 'private',
    route: L('/actualiteiten/{slug}', '/news/{slug}'),
    mountKey: 'actualiteiten',
    fields: { ...PAGE_META_FIELDS, actuality_type: null, disciplines: [], intro: null, image: null, content: null },
  }),
  collection({
    handle: 'events',
    title: 'Events',
    blueprint: { title: 'Event', handle: 'event' },
    sites: BOTH,
    dated: true,
    // Past events stay readable (the agenda shows them as past); future ones are public before they happen.
    route: L('/agenda/{slug}', '/events/{slug}'),
    mountKey: 'agenda',
    fields: {
      ...PAGE_META_FIELDS,
      event_type: null,
      start_time: null,
      end_time: null,
      location: null,
      intro: null,
      image: null,
      content: null,
    },
  }),
  collection({
    handle: 'courses',
    title: 'Courses',
    blueprint: { title: 'Course', handle: 'course' },
    sites: ['default'],
    dated: false,
    route: L('/cursussen/{slug}', '/cursussen/{slug}'),
    mountKey: 'cursussen',
    fields: {
      ...PAGE_META_FIELDS,
      course_type: null,
      disciplines: [],
      provider: null,
      location: null,
      start_date: null,
      duration: null,
      price: null,
      intro: null,
      image: null,
      content: null,
    },
  }),
  collection({
    handle: 'vacancies',
    title: 'Vacancies',
    blueprint: { title: 'Vacancy', handle: 'vacancy' },
    sites: BOTH,
    dated: false,
    route: L('/over-ons/werken-bij/{slug}', '/about-us/careers/{slug}'),
    mountKey: 'werken-bij',
    fields: {
      ...PAGE_META_FIELDS,
      location: null,
      hours: null,
      salary: null,
      closing_date: null,
      intro: null,
      content: null,
    },
  }),
  collection({
    handle: 'publications',
    title: 'Publications',
    blueprint: { title: 'Publication', handle: 'publication' },
    sites: BOTH,
    dated: false,
    route: L('/publicaties/{slug}', '/publications/{slug}'),
    mountKey: 'publicaties',
    fields: {
      ...PAGE_META_FIELDS,
      publication_type: null,
      publication_date: null,
      intro: null,
      image: null,
      file: null,
      content: null,
    },
  }),
  collection({
    handle: 'employees',
    title: 'Employees',
    blueprint: { title: 'Employee', handle: 'employee' },
    sites: BOTH,
    dated: false,
    // Employees are shown on the team page only; they have no page of their own.
    route: null,
    mountKey: null,
    fields: { name: null, function: null, photo: null, email: null, phone: null },
  }),
];

export const findCollection = (handle: string): CollectionConfig | undefined =>
  COLLECTIONS.find((candidate) => candidate.handle === handle);
