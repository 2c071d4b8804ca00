import type { Locale } from '../routes.ts';

const dateFormats = {
  nl: new Intl.DateTimeFormat('nl-NL', { dateStyle: 'long', timeZone: 'Europe/Amsterdam' }),
  en: new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Europe/Amsterdam' }),
};

/** A CMS date (ISO string) as people read it; null when there is none or it is not a date. */
export const formatDate = (value: string | null | undefined, locale: Locale): string | null => {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : dateFormats[locale].format(date);
};

/** The title to show: editors mark soft hyphenation points with `~`. */
export const displayTitle = (title: string): string => title.replaceAll('~', '');
