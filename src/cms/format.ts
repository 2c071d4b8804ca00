import type { Locale } from '../common/routes.ts';

/** Dates and clock times of the content are Dutch. */
export const DUTCH_TIME_ZONE = 'Europe/Amsterdam';

const dateFormats = {
  nl: new Intl.DateTimeFormat('nl-NL', { dateStyle: 'long', timeZone: DUTCH_TIME_ZONE }),
  en: new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: DUTCH_TIME_ZONE }),
};

/**
 * `derive` remembered per text: the content's dates are a few thousand strings met at every render (list
 * cards sort and show them), and Intl formatting is slow. Bounded: past `max` texts it starts afresh.
 */
export const rememberedPerText = <T>(derive: (text: string) => T, max = 10_000): ((text: string) => T) => {
  const known = new Map<string, T>();
  return (text) => {
    const found = known.get(text);
    if (found !== undefined || known.has(text)) return found as T;
    if (known.size >= max) known.clear();
    const value = derive(text);
    known.set(text, value);
    return value;
  };
};

const formatIn = (format: Intl.DateTimeFormat) =>
  rememberedPerText((value) => {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? null : format.format(date);
  });
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
