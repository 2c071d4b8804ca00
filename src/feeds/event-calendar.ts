import 'server-only';
import type { Cms } from '../cms/cms.ts';
import { remember } from '../common/remember.ts';
import type { Event } from '../cms/types.ts';
import { i18nFor } from '../i18n/i18n.ts';
import { absoluteUrl } from '../public-url.ts';
import type { Locale } from '../common/routes.ts';
import { htmlText } from '../search/html-text.ts';
import { clockTime, displayTitle } from '../cms/format.ts';
import { DUTCH_TIME_ZONE } from '../common/time-zone.ts';
import { rfc3339 } from './xml.ts';
import { amsterdamDay } from '../server-components/templates/formatted-date.tsx';

// Events as iCalendar (RFC 5545): one file per event (its page's URL with `.ics`, "add to calendar") and
// a feed of the upcoming ones per language. An event happens on its date's day at its start and end
// times, Dutch clock times (Europe/Amsterdam, described by a VTIMEZONE); without a start time it is a
// day-long event, without an end time it has none. Its UID is Statamic's id, so a calendar that
// subscribed updates the event instead of adding it again. Whatever the CMS sends, the file stays one that
// calendars read: text escaped, controls removed, lines folded, and a DTSTAMP (required) on every event.

// The Netherlands since 1996: CET, and CEST from the last Sunday of March to the last Sunday of October.
const VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${DUTCH_TIME_ZONE}`,
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** Controls TEXT may not hold (RFC 5545 section 3.3.11, `CONTROL`), the noncharacters U+FFFE and U+FFFF, and surrogates outside a pair. */
const NOT_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF\uD800-\uDFFF]/gu;

/** TEXT values: backslash, semicolon and comma escaped; a line break (CRLF, LF or a bare CR) as `\n`. */
const text = (value: string) =>
  value
    .replace(/[\\;,]/g, (character) => `\\${character}`)
    .replace(/\r\n?|\n/g, '\\n')
    .replace(NOT_TEXT, '');

/** Lines of at most 75 octets, continued on lines that start with a space (RFC 5545 section 3.1). */
const fold = (line: string): string => {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let start = 0;
  while (start < bytes.length) {
    let end = Math.min(start + (start === 0 ? 75 : 74), bytes.length);
    // Never inside a UTF-8 sequence: back up to the start of a character.
    while (end < bytes.length && (bytes[end]! & 0xc0) === 0x80) end -= 1;
    parts.push(bytes.subarray(start, end).toString('utf8'));
    start = end;
  }
  return parts.join('\r\n ');
};

/** The event's day as its page shows it, in iCalendar's form (`20260924`). */
const dayOf = (event: Event): string | null =>
  event.date ? (amsterdamDay(event.date)?.replaceAll('-', '') ?? null) : null;
/** A CMS clock time in iCalendar's form (`143000`). */
const clock = (value: string | null | undefined): string | null =>
  clockTime(value)?.replace(':', '').concat('00') ?? null;
const nextDay = (day: string): string => {
  const date = new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(4, 6)) - 1, Number(day.slice(6, 8)) + 1));
  return date.toISOString().slice(0, 10).replaceAll('-', '');
};
/** The first of `values` that is a moment, in iCalendar's UTC form (`20260924T123000Z`). */
const utcStamp = (...values: Array<string | null | undefined>): string | null =>
  rfc3339(...values)?.replace(/[-:]/g, '') ?? null;

const vevent = (publicUrl: string, event: Event): string[] => {
  const day = dayOf(event);
  if (!day || !event.url) return [];
  const start = clock(event.start_time);
  const end = start ? clock(event.end_time) : null;
  const host = new URL(publicUrl).host;
  const url = URL.parse(absoluteUrl(publicUrl, event.url));
  return [
    'BEGIN:VEVENT',
    `UID:${text(event.id)}@${host}`,
    // When the event last changed; a CMS without a readable time of change gives its day.
    `DTSTAMP:${utcStamp(event.last_modified, event.updated_at) ?? `${day}T000000Z`}`,
    ...(start
      ? [`DTSTART;TZID=${DUTCH_TIME_ZONE}:${day}T${start}`]
      : [`DTSTART;VALUE=DATE:${day}`, `DTEND;VALUE=DATE:${nextDay(day)}`]),
    ...(end && end > start! ? [`DTEND;TZID=${DUTCH_TIME_ZONE}:${day}T${end}`] : []),
    `SUMMARY:${text(displayTitle(event.title))}`,
    ...(event.intro ? [`DESCRIPTION:${text(htmlText(event.intro))}`] : []),
    ...(event.location ? [`LOCATION:${text(event.location)}`] : []),
    // Parsed, so that a URL the CMS sent whole carries no line break or control either.
    ...(url ? [`URL:${url.href}`] : []),
    'END:VEVENT',
  ];
};

const producer = (locale: Locale) => {
  const i18n = i18nFor(locale);
  return i18n._('architects_register');
};

/**
 * `name`: the calendar's name, for a feed one subscribes to. A single event's file has none: Outlook
 * imports a file that names a calendar into a new calendar of that name instead of the visitor's own, and
 * MS-OXCICAL (section 2.1.3.1.1.17, X-WR-CALNAME) says it MUST be omitted for a single appointment.
 */
const calendar = (publicUrl: string, locale: Locale, events: readonly Event[], name: string | null): string =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${producer(locale)}//${new URL(publicUrl).host}//${locale.toUpperCase()}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...(name ? [`X-WR-CALNAME:${text(name)}`] : []),
    `X-WR-TIMEZONE:${DUTCH_TIME_ZONE}`,
    ...VTIMEZONE,
    ...events.flatMap((event) => vevent(publicUrl, event)),
    'END:VCALENDAR',
  ]
    .map(fold)
    .join('\r\n') + '\r\n';

export const createEventCalendars = (cms: Cms, publicUrl: string, now: () => Date = () => new Date()) => {
  const feedFor = (locale: Locale) => {
    const i18n = i18nFor(locale);
    return remember(
      ([events, day]: [Event[], string]) =>
        calendar(
          publicUrl,
          locale,
          events.filter((event) => (dayOf(event) ?? '') >= day),
          i18n._('events_feed_title'),
        ),
      { per: 'last sources' },
    );
  };
  const feeds: Record<Locale, ReturnType<typeof feedFor>> = { nl: feedFor('nl'), en: feedFor('en') };
  return {
    /** The upcoming events of a language, from today. */
    upcoming: async (locale: Locale): Promise<string> =>
      feeds[locale]([await cms.list('events', locale), amsterdamDay(now())!.replaceAll('-', '')]),
    /** One event, by its page's path, or null when no event has that page. */
    invite: async (locale: Locale, path: string): Promise<string | null> => {
      const event = (await cms.list('events', locale)).find((candidate) => candidate.url === path);
      return event ? calendar(publicUrl, locale, [event], null) : null;
    },
  };
};
