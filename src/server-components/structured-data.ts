import type {
  BreadcrumbList,
  Course,
  Event,
  Graph,
  JobPosting,
  NewsArticle,
  Organization,
  Place,
  Thing,
  VirtualLocation,
  WebPage,
  WebSite,
} from 'schema-dts';
import type { AnyEntry, Asset, Globals } from '../cms/types.ts';
import { absoluteUrl } from '../public-url.ts';
import type { Locale } from '../common/routes.ts';
import { htmlText } from '../search/html-text.ts';
import type { Crumb } from './breadcrumb-trail.ts';
import { clockTime, displayTitle } from '../cms/format.ts';
import { DUTCH_TIME_ZONE } from '../common/time-zone.ts';
import { amsterdamDay } from './templates/formatted-date.tsx';

// The page's schema.org graph (JSON-LD): the register as Organization, the WebSite and the WebPage on
// every page; a page's entry as the type its rich result reads (Event, NewsArticle, Course, JobPosting);
// a BreadcrumbList where the page shows breadcrumbs. A type is left out when the content lacks what it
// requires (a job posting without a date, a course without a description), never filled in with a guess.

export interface GraphInfo {
  locale: Locale;
  publicUrl: string;
  mediaBaseUrl: string;
  /** The page's absolute URL. */
  canonical: string;
  title: string;
  description: string;
  /** The register's name where the CMS gives none. */
  siteName: string;
  /** The contact details from the globals, when the CMS answered. */
  contact: Globals['contact'] | null;
  entry?: AnyEntry;
  /** The visible breadcrumbs, the page itself last. */
  breadcrumbs?: readonly Crumb[];
}

const offsets = new Intl.DateTimeFormat('en', { timeZone: DUTCH_TIME_ZONE, timeZoneName: 'longOffset' });

/** `2026-12-03T12:00:00+01:00`: a Dutch clock time on a day, with that day's offset; the day alone without one. */
const dutchDateTime = (day: string, time: string | null | undefined): string => {
  const clock = clockTime(time);
  if (!clock) return day;
  const offset = offsets
    .formatToParts(new Date(`${day}T12:00:00Z`))
    .find((part) => part.type === 'timeZoneName')!
    .value.replace('GMT', '');
  return `${day}T${clock}:00${offset || '+00:00'}`;
};
const dayOf = (value: string | null | undefined): string | null => (value ? amsterdamDay(value) : null);
const isoOf = (value: string | null | undefined): string | undefined => {
  const date = value ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date.toISOString() : undefined;
};
/** Where the template says an event takes place online. */
const ONLINE = /^(online|webinar|livestream)\b/i;

export const structuredData = (info: GraphInfo): Graph => {
  const { publicUrl, canonical, locale } = info;
  const organizationId = `${absoluteUrl(publicUrl, '/')}#organization`;
  const siteUrl = absoluteUrl(publicUrl, locale === 'nl' ? '/' : '/en');
  const organizer = { '@id': organizationId };
  const image = (asset: Asset) => absoluteUrl(publicUrl, `${info.mediaBaseUrl}${asset.url}`);
  const { contact } = info;

  const organization: Organization = {
    '@type': 'Organization',
    '@id': organizationId,
    name: contact?.organisation_name || info.siteName,
    url: absoluteUrl(publicUrl, '/'),
    ...(contact?.email ? { email: contact.email } : {}),
    ...(contact?.phone ? { telephone: contact.phone } : {}),
    address: {
      '@type': 'PostalAddress',
      ...(contact?.street_address ? { streetAddress: contact.street_address } : {}),
      ...(contact?.postal_code ? { postalCode: contact.postal_code } : {}),
      ...(contact?.city ? { addressLocality: contact.city } : {}),
      addressCountry: 'NL',
    },
  };
  const website: WebSite = {
    '@type': 'WebSite',
    '@id': `${siteUrl}#website`,
    name: info.siteName,
    url: siteUrl,
    inLanguage: locale,
    publisher: organizer,
  };
  const webpage: WebPage = {
    '@type': 'WebPage',
    '@id': `${canonical}#webpage`,
    url: canonical,
    name: info.title,
    inLanguage: locale,
    isPartOf: { '@id': `${siteUrl}#website` },
    description: info.description,
  };

  const about = (): Thing | null => {
    const found = info.entry;
    if (!found) return null;
    const { entry } = found;
    const name = displayTitle(entry.title);
    const page = { '@id': `${canonical}#webpage` };
    switch (found.collection) {
      case 'events': {
        const day = dayOf(found.entry.date);
        const location = found.entry.location?.trim();
        if (!day || !location) return null;
        const online = ONLINE.test(location);
        const place: Place | VirtualLocation = online
          ? { '@type': 'VirtualLocation', url: canonical }
          : { '@type': 'Place', name: location, address: location };
        const event: Event = {
          '@type': 'Event',
          '@id': `${canonical}#event`,
          name,
          startDate: dutchDateTime(day, found.entry.start_time),
          ...(found.entry.start_time && found.entry.end_time
            ? { endDate: dutchDateTime(day, found.entry.end_time) }
            : {}),
          eventAttendanceMode: online
            ? 'https://schema.org/OnlineEventAttendanceMode'
            : 'https://schema.org/OfflineEventAttendanceMode',
          location: place,
          organizer,
          url: canonical,
          ...(found.entry.intro ? { description: htmlText(found.entry.intro) } : {}),
          ...(found.entry.image ? { image: image(found.entry.image) } : {}),
        };
        return event;
      }
      case 'actualities': {
        const published = isoOf(found.entry.date);
        if (!published) return null;
        const modified = isoOf(found.entry.last_modified);
        const article: NewsArticle = {
          '@type': 'NewsArticle',
          '@id': `${canonical}#article`,
          headline: name.length > 110 ? `${name.slice(0, 109)}…` : name,
          datePublished: published,
          ...(modified ? { dateModified: modified } : {}),
          author: organizer,
          publisher: organizer,
          mainEntityOfPage: page,
          inLanguage: locale,
          ...(found.entry.image ? { image: image(found.entry.image) } : {}),
          ...(found.entry.intro ? { description: htmlText(found.entry.intro) } : {}),
        };
        return article;
      }
      case 'courses': {
        const description = found.entry.intro
          ? htmlText(found.entry.intro)
          : found.entry.content
            ? htmlText(found.entry.content)
            : '';
        if (!description) return null;
        const course: Course = {
          '@type': 'Course',
          '@id': `${canonical}#course`,
          name,
          description,
          url: canonical,
          provider: found.entry.provider ? { '@type': 'Organization', name: found.entry.provider } : organizer,
          inLanguage: 'nl',
        };
        return course;
      }
      case 'vacancies': {
        const posted = isoOf(found.entry.date ?? found.entry.last_modified);
        const description = found.entry.content || found.entry.intro;
        const city = found.entry.location?.trim();
        if (!posted || !description || !city) return null;
        const closing = dayOf(found.entry.closing_date);
        const job: JobPosting = {
          '@type': 'JobPosting',
          '@id': `${canonical}#job`,
          title: name,
          description,
          datePosted: posted.slice(0, 10),
          ...(closing ? { validThrough: closing } : {}),
          hiringOrganization: organizer,
          jobLocation: {
            '@type': 'Place',
            address: { '@type': 'PostalAddress', addressLocality: city, addressCountry: 'NL' },
          },
          url: canonical,
        };
        return job;
      }
      default:
        return null;
    }
  };

  const trail = info.breadcrumbs ?? [];
  const breadcrumbs: BreadcrumbList | null =
    trail.length > 1
      ? {
          '@type': 'BreadcrumbList',
          '@id': `${canonical}#breadcrumbs`,
          itemListElement: trail.map((crumb, index) => ({
            '@type': 'ListItem',
            position: index + 1,
            name: displayTitle(crumb.title),
            item: absoluteUrl(publicUrl, crumb.url),
          })),
        }
      : null;

  const thing = about();
  return {
    '@context': 'https://schema.org',
    '@graph': [
      organization,
      website,
      { ...webpage, ...(breadcrumbs ? { breadcrumb: { '@id': `${canonical}#breadcrumbs` } } : {}) },
      ...(thing ? [thing] : []),
      ...(breadcrumbs ? [breadcrumbs] : []),
    ],
  };
};
