import type { ReactElement } from 'react';
import type { Locale } from '../../common/routes.ts';
import { remember } from '../../common/remember.ts';
import { PER_DATE_TEXT, formatDate } from '../../cms/format.ts';
import { DUTCH_TIME_ZONE } from '../../common/time-zone.ts';

// Dates as people read them, in a <time> whose `dateTime` machines read. The attribute is the calendar
// day in the Netherlands (`YYYY-MM-DD`): Statamic's ISO strings carry microseconds, which `datetime`
// does not allow, and the day is what the text says.

const dayParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: DUTCH_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

const dayOf = (date: Date): string | null => {
  if (Number.isNaN(date.getTime())) return null;
  const parts = Object.fromEntries(dayParts.formatToParts(date).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
};
const dayOfText = remember((value: string) => dayOf(new Date(value)), PER_DATE_TEXT);

/** The day a CMS date falls on in Amsterdam, as `YYYY-MM-DD`; null when it is not a date. */
export const amsterdamDay = (value: string | Date): string | null =>
  typeof value === 'string' ? dayOfText(value) : dayOf(value);

/** A CMS date as a <time>, or null when there is none, so that a fact without a value is left out. */
export const formattedDate = (value: string | null | undefined, locale: Locale): ReactElement | null => {
  const text = formatDate(value, locale);
  const day = value ? amsterdamDay(value) : null;
  return text && day ? <time dateTime={day}>{text}</time> : null;
};
