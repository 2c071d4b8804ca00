import type { AnyEntry, Asset, EntryBase } from '../cms/types.ts';
import { i18nFor } from '../i18n/i18n.ts';
import type { I18n } from '../i18n/i18n.ts';
import { absoluteUrl } from '../public-url.ts';
import { htmlText } from '../search/html-text.ts';
import { NEWS_FEED_PATHS } from '../common/routes.ts';
import type { Locale } from '../common/routes.ts';
import type { AppStart } from './app-start.ts';
import type { Crumb } from './breadcrumb-trail.ts';
import { displayTitle } from '../cms/format.ts';
import { glideImage } from './media/glide-url.ts';
import type { ListPosition } from './list-page.ts';
import { structuredData } from './structured-data.ts';

// The head of a page (React hoists these tags into <head>): title, description, canonical URL,
// hreflang alternates, Open Graph and schema.org JSON-LD for the organisation, the site and the page.

export interface HeadInfo {
  locale: Locale;
  /** Absolute base for canonical and alternate URLs. */
  publicUrl: string;
  mediaBaseUrl: string;
  path: string;
  /** The page's path in each language, where it exists. */
  alternates: Partial<Record<Locale, string>>;
  entry:
    | (Pick<EntryBase, 'title' | 'seo_title' | 'seo_description' | 'og_title' | 'og_description' | 'og_image'> &
        Summary)
    | null;
  /** For pages without an entry (search, errors). */
  fallbackTitle?: string;
  appStart: AppStart | null;
  noindex?: boolean;
  /** The entry the page shows, described in the structured data as its kind. */
  about?: AnyEntry;
  /** The visible breadcrumbs, the page itself last. */
  breadcrumbs?: readonly Crumb[];
  /** Page 2 or later of the page's list, named in the title. */
  listPosition?: ListPosition;
  /** A form of the page posted and shown again, with what was wrong: the title says so first. */
  formShownAgain?: boolean;
}

/**
 * `seo_title` when present, otherwise the title without `~`, and which page of its list it is; then the
 * register's name. A page showing a form again with its errors says so first ("Fout: …"), the first
 * thing a screen reader reads of the new page (GOV.UK's and NL Design System's validation pattern).
 */
const pageTitle = ({ entry, fallbackTitle, listPosition, formShownAgain }: HeadInfo, i18n: I18n): string => {
  const own = entry?.seo_title || (entry ? displayTitle(entry.title) : '') || fallbackTitle;
  const paged =
    own && listPosition
      ? `${own} – ${i18n._('list_page_of', { page: listPosition.page, pages: listPosition.pages })}`
      : own;
  const title = paged ? `${paged} | ${i18n._('architects_register')}` : i18n._('architects_register');
  return formShownAgain ? i18n._('title_with_errors', { title }) : title;
};

/** What an entry says of itself besides its SEO fields: a list entry's intro, a page's hero text. */
interface Summary {
  intro?: string | null;
  hero_text?: string | null;
}

/** Search results show about this many characters of a description. */
const DESCRIPTION_LENGTH = 160;

const shortened = (text: string): string => {
  const plain = htmlText(text);
  if (plain.length <= DESCRIPTION_LENGTH) return plain;
  const cut = plain.slice(0, DESCRIPTION_LENGTH - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 80 ? cut.lastIndexOf(' ') : cut.length)}…`;
};

/** Every page has a description: the editor's, else the entry's own summary, else the site's. */
const metaDescription = (entry: HeadInfo['entry'], i18n: I18n): string =>
  shortened(entry?.seo_description || entry?.intro || entry?.hero_text || i18n._('site_description'));

/** What social networks show for a shared link: 1200 × 630, and no SVG, which they refuse. */
const SHARE_IMAGE = { width: 1200, height: 630 };

/**
 * The share image: a CMS image through Glide (signed), cut to SHARE_IMAGE as a JPEG; without the Glide
 * key the CMS's file as it is, and an image hosted elsewhere as it is, their size unknown.
 */
const shareImage = (image: Asset, publicUrl: string, mediaBaseUrl: string) => {
  const hostedElsewhere = /^https?:\/\//i.test(image.url);
  const glide = hostedElsewhere ? null : glideImage(image.url);
  if (!glide)
    return {
      url: hostedElsewhere ? image.url : absoluteUrl(publicUrl, `${mediaBaseUrl}${image.url}`),
      sized: false,
      alt: image.alt ?? null,
    };
  const size = { w: String(SHARE_IMAGE.width), h: String(SHARE_IMAGE.height), fit: 'crop', fm: 'jpg' };
  return { url: absoluteUrl(publicUrl, glide(size)), sized: true, alt: image.alt ?? null };
};

/** JSON for a <script> data block: `<` escaped so no content can end the block. */
const jsonLd = (value: object) => JSON.stringify(value).replaceAll('<', '\\u003c');

/** In the page's language (`info.locale`), which for a preview is its entry's rather than the request's. */
export const PageHead = ({ info }: { info: HeadInfo }) => {
  const { locale, publicUrl, path, alternates, entry, appStart } = info;
  const i18n = i18nFor(locale);
  const title = pageTitle(info, i18n);
  const description = metaDescription(entry, i18n);
  const canonical = absoluteUrl(publicUrl, path);
  // The entry's own, else the site's default.
  const ogImage: Asset | null = entry?.og_image ?? appStart?.globals.settings.default_og_image ?? null;
  const share = ogImage ? shareImage(ogImage, publicUrl, info.mediaBaseUrl) : null;
  const graph = structuredData({
    locale,
    publicUrl,
    mediaBaseUrl: info.mediaBaseUrl,
    canonical,
    title,
    description,
    siteName: i18n._('architects_register'),
    contact: appStart?.globals.contact ?? null,
    ...(info.about ? { entry: info.about } : {}),
    ...(info.breadcrumbs ? { breadcrumbs: info.breadcrumbs } : {}),
  });

  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      {info.noindex ? <meta name="robots" content="noindex" /> : null}
      <link rel="canonical" href={canonical} />
      {Object.entries(alternates).map(([language, href]) => (
        <link key={language} rel="alternate" hrefLang={language} href={absoluteUrl(publicUrl, href)} />
      ))}
      {alternates.nl ? (
        <link rel="alternate" hrefLang="x-default" href={absoluteUrl(publicUrl, alternates.nl)} />
      ) : null}
      {/* Feed readers find the news from any page. */}
      <link
        rel="alternate"
        type="application/atom+xml"
        title={i18n._('news_feed_title')}
        href={absoluteUrl(publicUrl, NEWS_FEED_PATHS[locale])}
      />
      <meta property="og:type" content={info.about?.collection === 'actualities' ? 'article' : 'website'} />
      <meta property="og:locale" content={locale === 'nl' ? 'nl_NL' : 'en_GB'} />
      <meta property="og:title" content={entry?.og_title || title} />
      <meta property="og:description" content={entry?.og_description || description} />
      <meta property="og:url" content={canonical} />
      {share ? (
        <>
          <meta property="og:image" content={share.url} />
          {share.sized ? <meta property="og:image:width" content={String(SHARE_IMAGE.width)} /> : null}
          {share.sized ? <meta property="og:image:height" content={String(SHARE_IMAGE.height)} /> : null}
          {share.alt ? <meta property="og:image:alt" content={share.alt} /> : null}
        </>
      ) : null}
      <meta name="twitter:card" content={share ? 'summary_large_image' : 'summary'} />
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd(graph) }} />
    </>
  );
};
