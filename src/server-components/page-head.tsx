import type { Asset, EntryBase } from '../cms/types.ts';
import type { Translate } from '../i18n/translate.ts';
import { absoluteUrl } from '../public-url.ts';
import { htmlText } from '../search/html-text.ts';
import type { Locale } from '../routes.ts';
import { globalText } from './app-start.ts';
import type { AppStart } from './app-start.ts';

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
  entry: (Pick<EntryBase, 'title' | 'seo_title' | 'seo_description' | 'og_title' | 'og_description' | 'og_image'> & Summary) | null;
  /** For pages without an entry (search, errors). */
  fallbackTitle?: string;
  appStart: AppStart | null;
  noindex?: boolean;
}

/** `seo_title` when present, otherwise the title without `~`; then the register's name. */
export const pageTitle = (entry: HeadInfo['entry'], fallback: string | undefined, t: Translate): string => {
  const own = entry?.seo_title || entry?.title.replaceAll('~', '') || fallback;
  return own ? `${own} | ${t('architects_register')}` : t('architects_register');
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
export const metaDescription = (entry: HeadInfo['entry'], t: Translate): string =>
  shortened(entry?.seo_description || entry?.intro || entry?.hero_text || t('site_description'));

/** JSON for a <script> data block: `<` escaped so no content can end the block. */
const jsonLd = (value: object) => JSON.stringify(value).replaceAll('<', '\\u003c');

export const PageHead = ({ info, t }: { info: HeadInfo; t: Translate }) => {
  const { locale, publicUrl, path, alternates, entry, appStart } = info;
  const title = pageTitle(entry, info.fallbackTitle, t);
  const description = metaDescription(entry, t);
  const canonical = absoluteUrl(publicUrl, path);
  const ogImage: Asset | null =
    entry?.og_image ?? ((appStart?.globals.settings?.default_og_image as Asset | undefined) ?? null);
  const siteUrl = absoluteUrl(publicUrl, locale === 'nl' ? '/' : '/en');
  const organisation = appStart ? globalText(appStart, 'contact', 'organisation_name') : null;

  const graph = [
    {
      '@type': 'Organization',
      '@id': `${absoluteUrl(publicUrl, '/')}#organization`,
      name: organisation ?? t('architects_register'),
      url: absoluteUrl(publicUrl, '/'),
      ...(appStart
        ? {
            email: globalText(appStart, 'contact', 'email') ?? undefined,
            telephone: globalText(appStart, 'contact', 'phone') ?? undefined,
            address: {
              '@type': 'PostalAddress',
              streetAddress: globalText(appStart, 'contact', 'street_address') ?? undefined,
              postalCode: globalText(appStart, 'contact', 'postal_code') ?? undefined,
              addressLocality: globalText(appStart, 'contact', 'city') ?? undefined,
              addressCountry: 'NL',
            },
          }
        : {}),
    },
    {
      '@type': 'WebSite',
      '@id': `${siteUrl}#website`,
      name: t('architects_register'),
      url: siteUrl,
      inLanguage: locale,
      publisher: { '@id': `${absoluteUrl(publicUrl, '/')}#organization` },
    },
    {
      '@type': 'WebPage',
      '@id': `${canonical}#webpage`,
      url: canonical,
      name: title,
      inLanguage: locale,
      isPartOf: { '@id': `${siteUrl}#website` },
      description,
    },
  ];

  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      {info.noindex ? <meta name="robots" content="noindex" /> : null}
      <link rel="canonical" href={canonical} />
      {Object.entries(alternates).map(([language, href]) => (
        <link key={language} rel="alternate" hrefLang={language} href={absoluteUrl(publicUrl, href)} />
      ))}
      {alternates.nl ? <link rel="alternate" hrefLang="x-default" href={absoluteUrl(publicUrl, alternates.nl)} /> : null}
      <meta property="og:type" content="website" />
      <meta property="og:locale" content={locale === 'nl' ? 'nl_NL' : 'en_GB'} />
      <meta property="og:title" content={entry?.og_title || title} />
      <meta property="og:description" content={entry?.og_description || description} />
      <meta property="og:url" content={canonical} />
      {ogImage ? <meta property="og:image" content={absoluteUrl(publicUrl, `${info.mediaBaseUrl}${ogImage.url}`)} /> : null}
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: jsonLd({ '@context': 'https://schema.org', '@graph': graph }) }}
      />
    </>
  );
};
