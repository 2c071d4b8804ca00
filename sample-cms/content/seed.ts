import { L } from './model.ts';
import type { AssetRef, Bilingual, EntryData, EntrySeed, FieldValue, SiteHandle } from './model.ts';

// Small helpers the content modules share to write entry seeds.

export const BOTH_SITES: readonly SiteHandle[] = ['default', 'en'];

/** Turns a title into a URL slug: lower case, accents removed, words joined by hyphens. */
export const slugify = (title: string): string =>
  title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ı/g, 'i')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** Both slugs of a bilingual title. */
export const slugsOf = (title: Bilingual<string>): Bilingual<string> => L(slugify(title.nl), slugify(title.en));

interface Theme {
  bg: string;
  text: string;
  diap: boolean;
}

/** The SEO, Open Graph, theme and analytics fields; unset ones keep the blueprint's empty value. */
export interface PageMeta {
  seoTitle?: Bilingual<string>;
  seoDescription?: Bilingual<string>;
  ogTitle?: Bilingual<string>;
  ogDescription?: Bilingual<string>;
  ogImage?: AssetRef;
  theme?: Theme;
  analyticsIgnore?: boolean;
}

export const metaFields = (meta: PageMeta): EntryData => {
  const data: Record<string, FieldValue> = {};
  if (meta.seoTitle) data.seo_title = meta.seoTitle;
  if (meta.seoDescription) data.seo_description = meta.seoDescription;
  if (meta.ogTitle) data.og_title = meta.ogTitle;
  if (meta.ogDescription) data.og_description = meta.ogDescription;
  if (meta.ogImage) data.og_image = meta.ogImage;
  if (meta.theme) data.theme = { ...meta.theme };
  if (meta.analyticsIgnore) data.analytics_ignore = true;
  return data;
};

/** Wraps paragraphs of plain text in `<p>` (the text is written by us, so it needs no escaping). */
export const paragraphs = (...texts: readonly string[]): string => texts.map((body) => `<p>${body}</p>`).join('');

/** Bilingual HTML from bilingual paragraphs. */
export const bilingualParagraphs = (...texts: readonly Bilingual<string>[]): Bilingual<string> =>
  L(paragraphs(...texts.map((body) => body.nl)), paragraphs(...texts.map((body) => body.en)));

export const entrySeed = (
  seed: Omit<EntrySeed, 'parentKey' | 'order'> & Partial<Pick<EntrySeed, 'parentKey' | 'order'>>,
): EntrySeed => ({
  parentKey: null,
  order: null,
  ...seed,
});
