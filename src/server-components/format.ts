import type { Locale } from '../routes.ts';

/** Dates and clock times of the content are Dutch. */
export const DUTCH_TIME_ZONE = 'Europe/Amsterdam';

const dateFormats = {
  nl: new Intl.DateTimeFormat('nl-NL', { dateStyle: 'long', timeZone: DUTCH_TIME_ZONE }),
  en: new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: DUTCH_TIME_ZONE }),
};

/** A CMS date (ISO string) as people read it; null when there is none or it is not a date. */
export const formatDate = (value: string | null | undefined, locale: Locale): string | null => {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : dateFormats[locale].format(date);
};

/** A clock time from the CMS (`9:30`, `14.00`) as `HH:MM`, or null when the text is none. */
export const clockTime = (value: string | null | undefined): string | null => {
  const match = value ? /^(\d{1,2})[:.](\d{2})$/.exec(value.trim()) : null;
  return match && Number(match[1]) < 24 && Number(match[2]) < 60 ? `${match[1]!.padStart(2, '0')}:${match[2]}` : null;
};

/** The title to show: editors mark soft hyphenation points with `~`. */
export const displayTitle = (title: string): string => title.replaceAll('~', '');
