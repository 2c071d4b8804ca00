import { z } from 'zod';
import {
  asset,
  assets,
  entry,
  flag,
  html,
  isRecord,
  link,
  number,
  option,
  record,
  rows,
  term,
  terms,
  text,
  theme,
} from './fields.ts';
import { LIST_COLLECTIONS } from './types.ts';
import type {
  Actuality,
  Course,
  Employee,
  EntryBase,
  EntryOf,
  Event,
  Globals,
  NavItem,
  NavPage,
  Page,
  PageComponent,
  Publication,
  SiteNotice,
  SlugCollection,
  SocialLink,
  Vacancy,
} from './types.ts';
import type { Term } from './types.ts';

// The CMS boundary: every entry, set and term the site reads is parsed here, field by field, from the
// shapes Statamic 5 and 6 send (fields.ts) into the types the templates use (types.ts). A field no
// schema reads is absent (null) and reported with its entry and name; an entry without an id, a title
// or a slug is left out and reported. Nothing a CMS sends turns a page into a 500.

/** Told of each field that could not be read: the entry's id, the field's name (`components.3.image`). */
export type ReportField = (entryId: string, field: string) => void;

/** A schema for every field of T; what a schema yields is what the template gets. */
type FieldSchemas<T> = { [K in keyof T]-?: z.ZodType<NonNullable<T[K]>> };

const readFields = <T>(
  schemas: FieldSchemas<T>,
  row: Readonly<Record<string, unknown>>,
  report: (field: string) => void,
): T => {
  const fields: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries<z.ZodType>(schemas)) {
    const value = row[name];
    if (value === undefined || value === null) {
      fields[name] = null;
      continue;
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) report(name);
    fields[name] = parsed.success ? parsed.data : null;
  }
  // Every key of T was set above, from a schema typed by that key.
  return fields as T;
};

const siteHandle = z.enum(['default', 'en']);

const BASE: FieldSchemas<EntryBase> = {
  id: z.string().min(1),
  origin_id: z.string(),
  title: text,
  slug: z.string().min(1),
  url: z.string(),
  uri: z.string(),
  locale: siteHandle,
  status: z.string(),
  published: flag,
  date: z.string(),
  last_modified: z.string(),
  updated_at: z.string(),
  collection: z.object({ handle: z.string(), title: z.string() }),
  seo_title: text,
  seo_description: text,
  og_title: text,
  og_description: text,
  og_image: asset,
  theme,
  analytics_ignore: flag,
  redirect: link,
};

// Page-builder sets (Replicator `components`), by type.
const heading = { heading: text };
type SetFields<T extends PageComponent['type']> = FieldSchemas<
  Omit<Extract<PageComponent, { type: T }>, 'id' | 'type'>
>;
const listOf = <T>(schemas: FieldSchemas<T>) =>
  rows.transform((items) => items.map((item) => readFields(schemas, item, () => undefined)));
const SETS: { [T in PageComponent['type']]: SetFields<T> } = {
  text: { ...heading, text: html },
  text_image: { ...heading, text: html, image: asset, image_position: option.pipe(z.enum(['left', 'right'])) },
  image: { image: asset, caption: text },
  quote: { quote: html, author: text },
  accordion: {
    ...heading,
    items: listOf<{ id?: string | null; question?: string | null; answer?: string | null }>({
      id: z.string(),
      question: text,
      answer: html,
    }),
  },
  cards: {
    ...heading,
    items: listOf<{
      id?: string | null;
      title?: string | null;
      text?: string | null;
      url?: string | null;
      image?: Asset | null;
    }>({ id: z.string(), title: text, text: html, url: link, image: asset }),
  },
  call_to_action: { ...heading, text: html, button_label: text, button_url: link },
  collection_list: { ...heading, collection: option.pipe(z.enum(LIST_COLLECTIONS)), limit: number, filters: flag },
  team: heading,
  downloads: { ...heading, files: assets },
  key_figures: {
    items: listOf<{ id?: string | null; value?: string | null; label?: string | null }>({
      id: z.string(),
      value: text,
      label: text,
    }),
  },
  form: {
    ...heading,
    form: z.union([z.string(), z.object({ handle: z.string() }).transform((form) => form.handle)]),
  },
  animation: {
    ...heading,
    animation_link: link,
    animation_data: z.record(z.string(), z.unknown()),
    loop: flag,
    autoplay: flag,
    speed: number,
  },
};
type Asset = NonNullable<Page['hero_image']>;

const isSetType = (type: unknown): type is PageComponent['type'] =>
  typeof type === 'string' && Object.hasOwn(SETS, type);

/** The sets of a page; a set of a type the site does not know keeps only its id and type (nothing renders it). */
const components = (value: unknown, report: (field: string) => void): Page['components'] => {
  const parsed = rows.safeParse(value);
  if (!parsed.success) {
    if (value !== null && value !== undefined) report('components');
    return null;
  }
  return parsed.data.flatMap((set, index) => {
    const type = set.type;
    const id = typeof set.id === 'string' && set.id !== '' ? set.id : `${String(type)}-${index}`;
    if (!isSetType(type)) return typeof type === 'string' ? [{ id, type }] : [];
    const fields = readFields<object>(SETS[type], set, (field) => report(`components.${index}.${field}`));
    return [{ ...fields, id, type }];
  });
};

const PAGE: FieldSchemas<Omit<Page, keyof EntryBase | 'components'>> = {
  parent: entry,
  hero_image: asset,
  hero_text: text,
  texts: z.union([z.string(), z.array(z.unknown()), z.record(z.string(), z.unknown())]),
};
const INTRO = { intro: text, image: asset, content: html };
const ACTUALITY: FieldSchemas<Omit<Actuality, keyof EntryBase>> = {
  ...INTRO,
  actuality_type: term,
  disciplines: terms,
};
const EVENT: FieldSchemas<Omit<Event, keyof EntryBase>> = {
  ...INTRO,
  event_type: term,
  start_time: z.string(),
  end_time: z.string(),
  location: text,
};
const COURSE: FieldSchemas<Omit<Course, keyof EntryBase>> = {
  ...INTRO,
  course_type: term,
  disciplines: terms,
  provider: text,
  location: text,
  start_date: z.string(),
  duration: text,
  price: text,
};
const VACANCY: FieldSchemas<Omit<Vacancy, keyof EntryBase>> = {
  intro: text,
  content: html,
  location: text,
  hours: text,
  salary: text,
  closing_date: z.string(),
};
const PUBLICATION: FieldSchemas<Omit<Publication, keyof EntryBase>> = {
  ...INTRO,
  publication_type: term,
  publication_date: z.string(),
  file: asset,
};

const OWN_FIELDS: { [C in SlugCollection]: FieldSchemas<Omit<EntryOf<C>, keyof EntryBase | 'components'>> } = {
  pages: PAGE,
  actualities: ACTUALITY,
  events: EVENT,
  courses: COURSE,
  vacancies: VACANCY,
  publications: PUBLICATION,
};

const REQUIRED = ['id', 'title', 'slug'] as const;

/** An entry of `collection`, or null when it lacks an id, a title or a slug (reported). */
export const parseEntry = <C extends SlugCollection>(
  collection: C,
  row: unknown,
  report: ReportField,
): EntryOf<C> | null => {
  if (!isRecord(row)) return null;
  const fields = row;
  const entryId = typeof fields.id === 'string' ? fields.id : '(no id)';
  const reportField = (field: string) => report(entryId, field);
  const base = readFields(BASE, fields, reportField);
  const missing = REQUIRED.find((field) => base[field] === null);
  if (missing) {
    report(entryId, missing);
    return null;
  }
  const own = readFields<object>(OWN_FIELDS[collection], fields, reportField);
  return {
    ...base,
    ...own,
    ...(collection === 'pages' ? { components: components(fields.components, reportField) } : {}),
  } as EntryOf<C>;
};

export const parseEntries = <C extends SlugCollection>(
  collection: C,
  list: readonly unknown[],
  report: ReportField,
): Array<EntryOf<C>> => list.flatMap((row) => parseEntry(collection, row, report) ?? []);

const EMPLOYEE: FieldSchemas<Employee> = {
  id: z.string().min(1),
  title: text,
  name: text,
  function: text,
  photo: asset,
  email: text,
  phone: text,
};

export const parseEmployees = (list: readonly unknown[], report: ReportField): Employee[] =>
  list.flatMap((row) => {
    const parsed = record.safeParse(row);
    if (!parsed.success) return [];
    const employee = readFields(EMPLOYEE, parsed.data, (field) =>
      report(typeof parsed.data.id === 'string' ? parsed.data.id : '(no id)', field),
    );
    return employee.id ? [employee] : [];
  });

/** A taxonomy's terms; one that is not a term (no slug) is left out. */
export const parseTerms = (list: readonly unknown[], report: ReportField): Term[] =>
  list.flatMap((row) => {
    const parsed = term.safeParse(row);
    if (!parsed.success) report(z.object({ id: z.string() }).safeParse(row).data?.id ?? '(no id)', 'term');
    return parsed.success ? [parsed.data] : [];
  });

const NAV_PAGE: FieldSchemas<NavPage> = {
  id: z.string(),
  title: text,
  url: z.string(),
  slug: z.string(),
  open_in_new_tab: flag,
};

/** A nav tree; an item without its `page` (the entry or link it shows) is left out with its children. */
export const parseNav = (list: readonly unknown[], report: ReportField): NavItem[] =>
  list.flatMap((item) => {
    const parsed = record.safeParse(item);
    const page = parsed.success && record.safeParse(parsed.data.page).data;
    if (!parsed.success || !page) {
      report('(nav)', 'page');
      return [];
    }
    const id = typeof page.id === 'string' ? page.id : '(nav)';
    const children = parsed.data.children;
    const depth = number.safeParse(parsed.data.depth);
    return [
      {
        page: readFields(NAV_PAGE, page, (field) => report(id, `page.${field}`)),
        ...(depth.success ? { depth: depth.data } : {}),
        children: Array.isArray(children) ? parseNav(children, report) : [],
      },
    ];
  });

const socialLink = record.transform((row, context): SocialLink => {
  const url = link.safeParse(row.url);
  if (!url.success) {
    context.addIssue({ code: 'custom', message: 'a social link without a URL' });
    return z.NEVER;
  }
  const platform = row.platform;
  const label = record.safeParse(platform).data?.label ?? platform;
  return { url: url.data, label: typeof label === 'string' && label !== '' ? label : null };
});
/** A date-time with its offset (`…Z`, `…+01:00`), as Statamic sends dates: a moment, whatever the server's zone. */
const moment = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/)
  .transform(Date.parse)
  .pipe(z.number().finite());

const NOTICE: FieldSchemas<{
  text: string;
  kind: SiteNotice['kind'];
  link: string;
  link_label: string;
  from: number;
  until: number;
}> = {
  text: z.string().trim().min(1),
  kind: option.pipe(z.enum(['info', 'warning'])),
  link,
  link_label: z.string().trim().min(1),
  from: moment,
  until: moment,
};

/**
 * The notice (a Group), read field by field, so that one field the site cannot read costs only that
 * field: an outage warning whose `from` lacks its offset is still shown, from now on. Without its text
 * there is no notice; a kind it cannot read is `info`; a bound it cannot read leaves that side of the
 * window open; a link needs a URL and a label. Each field it cannot read is reported (`notice.from`).
 */
const siteNotice = (value: unknown, report: (field: string) => void): SiteNotice | null => {
  if (value === null || value === undefined) return null;
  const row = record.safeParse(value);
  if (!row.success) {
    report('notice');
    return null;
  }
  const fields = readFields(NOTICE, row.data, (field) => report(`notice.${field}`));
  if (fields.text === null) return null;
  // A link without its label, or a label without its link, is no link: the missing half is reported.
  const given = (field: 'link' | 'link_label') => row.data[field] !== null && row.data[field] !== undefined;
  if (given('link') !== given('link_label')) report(given('link') ? 'notice.link_label' : 'notice.link');
  return {
    text: fields.text,
    kind: fields.kind ?? 'info',
    link: fields.link && fields.link_label ? { url: fields.link, label: fields.link_label } : null,
    from: fields.from,
    until: fields.until,
  };
};

const SETTINGS: FieldSchemas<Omit<Globals['settings'], 'notice'>> = {
  site_name: text,
  taglines: z
    .array(z.unknown())
    .transform((lines) => lines.flatMap((line) => (typeof line === 'string' && line !== '' ? [line] : []))),
  default_og_image: asset,
  social_links: z.array(z.unknown()).transform((rows) => rows.flatMap((row) => socialLink.safeParse(row).data ?? [])),
};
const CONTACT: FieldSchemas<Globals['contact']> = {
  organisation_name: text,
  street_address: text,
  postal_code: text,
  city: text,
  phone: text,
  email: text,
};

/** A Group the editor emptied arrives with its fields null: no notice, and nothing to report. */
const clearedNotice = (value: unknown): unknown =>
  isRecord(value) && (value.text === null || value.text === undefined || value.text === '') ? null : value;

/** The global sets of a site; a set that is missing has every field absent. */
export const parseGlobals = (list: readonly unknown[], report: ReportField): Globals => {
  const sets = new Map(
    list.flatMap((item) => {
      const set = record.safeParse(item).data;
      return set && typeof set.handle === 'string' ? [[set.handle, set] as const] : [];
    }),
  );
  const read = <T>(handle: string, schemas: FieldSchemas<T>, row = sets.get(handle) ?? {}): T =>
    readFields(schemas, row, (field) => report(`globals:${handle}`, field));
  const settings = read('settings', SETTINGS);
  const notice = siteNotice(clearedNotice(sets.get('settings')?.notice), (field) => report('globals:settings', field));
  return {
    settings: {
      ...settings,
      taglines: settings.taglines ?? [],
      social_links: settings.social_links ?? [],
      notice,
    },
    contact: read('contact', CONTACT),
  };
};
