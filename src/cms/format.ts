import { remember } from '../common/remember.ts';
import type { Locale } from '../common/routes.ts';
import { DUTCH_TIME_ZONE } from '../common/time-zone.ts';

const dateFormats = {
  nl: new Intl.DateTimeFormat('nl-NL', { dateStyle: 'long', timeZone: DUTCH_TIME_ZONE }),
  en: new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: DUTCH_TIME_ZONE }),
};

/**
 * How much is remembered of what is derived from a CMS date: the content's dates are a few thousand
 * strings met at every render (list cards sort and show them), and Intl formatting is slow.
 */
export const PER_DATE_TEXT = { per: 'text', maxEntries: 10_000 } as const;

const formatIn = (format: Intl.DateTimeFormat) =>
  remember((value: string) => {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? null : format.format(date);
  }, PER_DATE_TEXT);
const formatted = { nl: formatIn(dateFormats.nl), en: formatIn(dateFormats.en) };

/** A CMS date (ISO string) as people read it; null when there is none or it is not a date. */
export const formatDate = (value: string | null | undefined, locale: Locale): string | null =>
  value ? formatted[locale](value) : null;

/** A clock time from the CMS (`9:30`, `14.00`) as `HH:MM`, or null when the text is none. */
export const clockTime = (value: string | null | undefined): string | null => {
  const match = value ? /^(\d{1,2})[:.](\d{2})$/.exec(value.trim()) : null;
  return match && Number(match[1]) < 24 && Number(match[2]) < 60 ? `${match[1]!.padStart(2, '0')}:${match[2]}` : null;
};

/** The title to show: editors mark soft hyphenation points with `~`. */
export const displayTitle = (title: string): string => title.replaceAll('~', '');
