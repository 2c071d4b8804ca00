import 'server-only';
import type { Cms } from '../cms/cms.ts';
import { remember } from '../common/remember.ts';
import type { Actuality, Page } from '../cms/types.ts';
import { i18nFor } from '../i18n/i18n.ts';
import { absoluteUrl } from '../public-url.ts';
import { NEWS_FEED_PATHS, localizedPath } from '../common/routes.ts';
import type { Locale } from '../common/routes.ts';
import { htmlText } from '../search/html-text.ts';
import { displayTitle } from '../cms/format.ts';
import { escapeXml, rfc3339 } from './xml.ts';

// The Atom feed (RFC 4287) of the latest news, per language: the cached CMS list of actualities, made
// again only when that list (or the page list, for the link to the news page) is another answer, so it
// is dropped by the same changes as the list.

const NEWS_FEED_SIZE = 20;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An entry's id for ever, whatever its URL becomes: Statamic's id as a URN, or under the site's URL. */
const entryId = (publicUrl: string, id: string) =>
  UUID.test(id) ? `urn:uuid:${id.toLowerCase()}` : `${publicUrl}/#entry-${encodeURIComponent(id)}`;

/** The page that lists the news: one whose page builder shows the actualities, the filtered list first (the home page shows a few). */
const newsListPath = (pages: readonly Page[], locale: Locale): string => {
  const newsList = (page: Page, filtered: boolean) =>
    page.components?.some(
      (set) =>
        set.type === 'collection_list' &&
        'collection' in set &&
        set.collection === 'actualities' &&
        (!filtered || set.filters === true),
    );
  return (
    (pages.find((page) => newsList(page, true)) ?? pages.find((page) => newsList(page, false)))?.url ??
    localizedPath(locale, '/')
  );
};

const updatedOf = (entry: Actuality) => rfc3339(entry.last_modified, entry.updated_at, entry.date);

const entryXml = (publicUrl: string, entry: Actuality, fallbackUpdated: string): string => {
  const published = rfc3339(entry.date);
  return [
    '<entry>',
    `<id>${escapeXml(entryId(publicUrl, entry.id))}</id>`,
    `<title>${escapeXml(displayTitle(entry.title))}</title>`,
    `<link rel="alternate" type="text/html" href="${escapeXml(absoluteUrl(publicUrl, entry.url!))}"/>`,
    `<updated>${updatedOf(entry) ?? fallbackUpdated}</updated>`,
    ...(published ? [`<published>${published}</published>`] : []),
    ...(entry.intro ? [`<summary>${escapeXml(htmlText(entry.intro))}</summary>`] : []),
    ...(entry.actuality_type
      ? [`<category term="${escapeXml(entry.actuality_type.slug)}" label="${escapeXml(entry.actuality_type.title)}"/>`]
      : []),
    '</entry>',
  ].join('');
};

const feedXml = (publicUrl: string, locale: Locale, news: readonly Actuality[], pages: readonly Page[]): string => {
  const i18n = i18nFor(locale);
  const self = absoluteUrl(publicUrl, NEWS_FEED_PATHS[locale]);
  const entries = news.filter((entry) => entry.url && !entry.redirect).slice(0, NEWS_FEED_SIZE);
  // The feed changed when its newest entry did; an empty feed, when the list was last empty.
  const updated =
    entries
      .map(updatedOf)
      .filter((value): value is string => value !== null)
      .sort()
      .at(-1) ?? '1970-01-01T00:00:00Z';
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${locale}">`,
    `<id>${escapeXml(self)}</id>`,
    `<title>${escapeXml(i18n._('news_feed_title'))}</title>`,
    `<subtitle>${escapeXml(i18n._('site_description'))}</subtitle>`,
    `<link rel="self" type="application/atom+xml" href="${escapeXml(self)}"/>`,
    `<link rel="alternate" type="text/html" href="${escapeXml(absoluteUrl(publicUrl, newsListPath(pages, locale)))}"/>`,
    `<updated>${updated}</updated>`,
    `<author><name>${escapeXml(i18n._('architects_register'))}</name><uri>${escapeXml(absoluteUrl(publicUrl, localizedPath(locale, '/')))}</uri></author>`,
    ...entries.map((entry) => entryXml(publicUrl, entry, updated)),
    '</feed>',
    '',
  ].join('\n');
};

export const createNewsFeeds = (cms: Cms, publicUrl: string) => {
  const feedFor = (locale: Locale) =>
    remember(([news, pages]: [Actuality[], Page[]]) => feedXml(publicUrl, locale, news, pages), {
      per: 'last sources',
    });
  const made: Record<Locale, ReturnType<typeof feedFor>> = { nl: feedFor('nl'), en: feedFor('en') };
  return async (locale: Locale): Promise<string> =>
    made[locale](await Promise.all([cms.list('actualities', locale), cms.pages(locale)]));
};
