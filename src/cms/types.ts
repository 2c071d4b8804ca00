import type { SiteHandle } from '../common/cms-dependencies.ts';

// The shapes the site reads from Statamic's REST API (docs/specification.md section 6). Fields the site
// does not read are left out; every field may be absent or null in a real CMS.

export interface Asset {
  id: string;
  /** Relative to the CMS, e.g. `/assets/images/team.jpg`. */
  url: string;
  permalink?: string;
  alt?: string | null;
  /** The file's extension, media type and size in bytes, when the CMS sends them (Statamic's asset fields). */
  extension?: string | null;
  mime_type?: string | null;
  size?: number | null;
}

export interface Term {
  id: string;
  slug: string;
  title: string;
  taxonomy?: { handle: string; title: string } | null;
}

export interface Theme {
  bg?: string | null;
  text?: string | null;
  diap?: boolean | null;
}

/** Fields common to every entry of a routable collection. */
export interface EntryBase {
  id: string;
  origin_id?: string | null;
  title: string;
  slug: string;
  /** With the site prefix, e.g. `/en/about-us`; the redirect target when the entry redirects. */
  url?: string | null;
  uri?: string | null;
  locale?: SiteHandle | null;
  status?: string | null;
  published?: boolean | null;
  date?: string | null;
  last_modified?: string | null;
  updated_at?: string | null;
  collection?: { handle: string; title: string } | null;
  seo_title?: string | null;
  seo_description?: string | null;
  og_title?: string | null;
  og_description?: string | null;
  og_image?: Asset | null;
  theme?: Theme | null;
  analytics_ignore?: boolean | null;
  redirect?: string | null;
}

interface Set<T extends string> {
  id: string;
  type: T;
}

export type PageComponent =
  | (Set<'text'> & { heading?: string | null; text?: string | null })
  | (Set<'text_image'> & {
      heading?: string | null;
      text?: string | null;
      image?: Asset | null;
      image_position?: 'left' | 'right' | { value: string } | null;
    })
  | (Set<'image'> & { image?: Asset | null; caption?: string | null })
  | (Set<'quote'> & { quote?: string | null; author?: string | null })
  | (Set<'accordion'> & {
      heading?: string | null;
      items?: Array<{ id?: string | null; question?: string | null; answer?: string | null }> | null;
    })
  | (Set<'cards'> & {
      heading?: string | null;
      items?: Array<{
        id?: string | null;
        title?: string | null;
        text?: string | null;
        url?: string | null;
        image?: Asset | null;
      }> | null;
    })
  | (Set<'call_to_action'> & {
      heading?: string | null;
      text?: string | null;
      button_label?: string | null;
      button_url?: string | null;
    })
  | (Set<'collection_list'> & {
      heading?: string | null;
      collection?: ListCollection | null;
      limit?: number | null;
      filters?: boolean | null;
    })
  | (Set<'team'> & { heading?: string | null })
  | (Set<'downloads'> & { heading?: string | null; files?: Asset[] | null })
  | (Set<'key_figures'> & {
      items?: Array<{ id?: string | null; value?: string | null; label?: string | null }> | null;
    })
  /** A Statamic form, by its handle (the `form` fieldtype gives the form, or its handle). */
  | (Set<'form'> & { heading?: string | null; form?: string | null })
  | (Set<'animation'> & {
      heading?: string | null;
      animation_link?: string | null;
      animation_data?: object | null;
      loop?: boolean | null;
      autoplay?: boolean | null;
      speed?: number | null;
    });

export type ComponentType = PageComponent['type'];

export interface Page extends EntryBase {
  parent?: { id: string; title?: string | undefined; url?: string | undefined } | null;
  hero_image?: Asset | null;
  hero_text?: string | null;
  /** Further text of the page, of any structure, for the site search only. */
  texts?: string | readonly unknown[] | { readonly [key: string]: unknown } | null;
  components?: Array<PageComponent | { id: string; type: string }> | null;
}

export interface Actuality extends EntryBase {
  actuality_type?: Term | null;
  disciplines?: Term[] | null;
  intro?: string | null;
  image?: Asset | null;
  content?: string | null;
}

export interface Event extends EntryBase {
  event_type?: Term | null;
  start_time?: string | null;
  end_time?: string | null;
  location?: string | null;
  intro?: string | null;
  image?: Asset | null;
  content?: string | null;
}

export interface Course extends EntryBase {
  course_type?: Term | null;
  disciplines?: Term[] | null;
  provider?: string | null;
  location?: string | null;
  start_date?: string | null;
  duration?: string | null;
  price?: string | null;
  intro?: string | null;
  image?: Asset | null;
  content?: string | null;
}

export interface Vacancy extends EntryBase {
  location?: string | null;
  hours?: string | null;
  salary?: string | null;
  closing_date?: string | null;
  intro?: string | null;
  content?: string | null;
}

export interface Publication extends EntryBase {
  publication_type?: Term | null;
  publication_date?: string | null;
  intro?: string | null;
  image?: Asset | null;
  file?: Asset | null;
  content?: string | null;
}

export interface Employee {
  id: string;
  title?: string | null;
  name?: string | null;
  function?: string | null;
  photo?: Asset | null;
  email?: string | null;
  phone?: string | null;
}

/** The collections shown as lists (and searched, and in the sitemap). */
export const LIST_COLLECTIONS = ['actualities', 'events', 'courses', 'vacancies', 'publications'] as const;
export type ListCollection = (typeof LIST_COLLECTIONS)[number];

/** The collections a slug is looked up in, in the order the first match wins. */
export const SLUG_COLLECTIONS = ['pages', 'courses', 'actualities', 'events', 'vacancies', 'publications'] as const;
export type SlugCollection = (typeof SLUG_COLLECTIONS)[number];

export type EntryOf<C extends SlugCollection> = {
  pages: Page;
  courses: Course;
  actualities: Actuality;
  events: Event;
  vacancies: Vacancy;
  publications: Publication;
}[C];

export type AnyEntry = { [C in SlugCollection]: { collection: C; entry: EntryOf<C> } }[SlugCollection];

export interface NavPage {
  id?: string | null;
  title?: string | null;
  url?: string | null;
  slug?: string | null;
  open_in_new_tab?: boolean | null;
}

export interface NavItem {
  page: NavPage;
  depth?: number;
  children?: NavItem[];
}

export interface SocialLink {
  url: string;
  /** The platform's name (a Select's label), or null. */
  label: string | null;
}

/** A notice editors set above the header of every page of a site (an outage, an announcement). */
export interface SiteNotice {
  text: string;
  kind: 'info' | 'warning';
  link: { url: string; label: string } | null;
  /** Shown from and until these moments (milliseconds since the epoch); null: no bound. */
  from: number | null;
  until: number | null;
}

/** The global sets the site reads (`settings` and `contact`), each field absent (null) when not there. */
export interface Globals {
  settings: {
    site_name: string | null;
    taglines: string[];
    default_og_image: Asset | null;
    social_links: SocialLink[];
    notice: SiteNotice | null;
  };
  contact: {
    organisation_name: string | null;
    street_address: string | null;
    postal_code: string | null;
    city: string | null;
    phone: string | null;
    email: string | null;
  };
}

export const TAXONOMIES = [
  'disciplines',
  'actuality_types',
  'event_types',
  'course_types',
  'publication_types',
] as const;
export type Taxonomy = (typeof TAXONOMIES)[number];
