import 'server-only';
import { escapeXml, rfc3339 } from '../feeds/xml.ts';
import { absoluteUrl } from '../public-url.ts';
import type { Cms } from '../cms/cms.ts';
import { remember } from '../common/remember.ts';
import { LIST_COLLECTIONS } from '../cms/types.ts';
import type { EntryBase } from '../cms/types.ts';
import { LOCALES, MEMBER_SEARCH_PATHS, localizedPath } from '../common/routes.ts';
import type { Locale } from '../common/routes.ts';

// /sitemap.xml: every public entry of both languages with its translation as an hreflang alternate
// and its last change, from the cached CMS lists; made again only when one of them was refreshed.

interface Url {
  loc: string;
  lastmod: string | null;
  alternates: Partial<Record<Locale, string>>;
}

/** The day of the entry's last change (W3C date), or null. */
const day = (entry: EntryBase): string | null => rfc3339(entry.last_modified, entry.updated_at)?.slice(0, 10) ?? null;

const listed = (entry: EntryBase): boolean =>
  Boolean(entry.url) && !entry.redirect && entry.status !== 'draft' && entry.published !== false;

/** The URLs of one kind of entry in both languages, paired by Statamic's `origin_id`. */
const pair = (publicUrl: string, byLocale: Record<Locale, EntryBase[]>): Url[] => {
  const origins = new Map(byLocale.nl.filter(listed).map((entry) => [entry.id, entry]));
  const translations = new Map(
    byLocale.en.filter(listed).flatMap((entry) => (entry.origin_id ? [[entry.origin_id, entry] as const] : [])),
  );
  const urls: Url[] = [];
  for (const locale of LOCALES) {
    for (const entry of byLocale[locale].filter(listed)) {
      const nl = locale === 'nl' ? entry : entry.origin_id ? origins.get(entry.origin_id) : undefined;
      const en = locale === 'en' ? entry : translations.get(entry.id);
      const alternates = nl && en ? { nl: absoluteUrl(publicUrl, nl.url!), en: absoluteUrl(publicUrl, en.url!) } : {};
      urls.push({ loc: absoluteUrl(publicUrl, entry.url!), lastmod: day(entry), alternates });
    }
  }
  return urls;
};

const render = (urls: Url[]): string =>
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls.map(({ loc, lastmod, alternates }) =>
      [
        '<url>',
        `<loc>${escapeXml(loc)}</loc>`,
        ...(lastmod ? [`<lastmod>${lastmod}</lastmod>`] : []),
        ...Object.entries(alternates).map(
          ([locale, href]) => `<xhtml:link rel="alternate" hreflang="${locale}" href="${escapeXml(href)}"/>`,
        ),
        '</url>',
      ].join(''),
    ),
    '</urlset>',
    '',
  ].join('\n');

export const createSitemap = (cms: Cms, publicUrl: string) => {
  const memberSearch: Url[] = LOCALES.map((locale) => ({
    loc: absoluteUrl(publicUrl, localizedPath(locale, MEMBER_SEARCH_PATHS[locale])),
    lastmod: null,
    alternates: Object.fromEntries(
      LOCALES.map((other) => [other, absoluteUrl(publicUrl, localizedPath(other, MEMBER_SEARCH_PATHS[other]))]),
    ),
  }));
  const xmlFrom = remember(
    (sources: unknown[]) => {
      const perLocale = (offset: number) =>
        sources.slice(offset, offset + 1 + LIST_COLLECTIONS.length) as EntryBase[][];
      const [nl, en] = [perLocale(0), perLocale(1 + LIST_COLLECTIONS.length)];
      // Courses exist in the Dutch site only: the English list repeats them, so they are listed once.
      const kinds = nl.map((entries, index) => ({
        nl: entries,
        en: LIST_COLLECTIONS[index - 1] === 'courses' ? [] : en[index]!,
      }));
      return render([...kinds.flatMap((byLocale) => pair(publicUrl, byLocale)), ...memberSearch]);
    },
    { per: 'last sources' },
  );
  return async (): Promise<string> =>
    xmlFrom(
      await Promise.all(
        LOCALES.flatMap((locale) => [
          cms.pages(locale),
          ...LIST_COLLECTIONS.map((collection) => cms.list(collection, locale)),
        ]),
      ),
    );
};
