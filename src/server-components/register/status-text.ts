import type { I18n } from '../../i18n/i18n.ts';
import type { Measure, MeasureKind, Registration, RegistrationStatus } from '../../common/register-types.ts';
import type { Locale } from '../../common/routes.ts';
import { formatDate } from '../../cms/format.ts';
import { DUTCH_TIME_ZONE } from '../../common/time-zone.ts';

// A registration's status and measures in words, as the Architects' Title Act names them: the status is
// never told by colour alone.

const day = (iso: string, locale: Locale) => formatDate(iso, locale) ?? iso;

const momentFormats = {
  nl: new Intl.DateTimeFormat('nl-NL', { dateStyle: 'long', timeStyle: 'short', timeZone: DUTCH_TIME_ZONE }),
  en: new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: DUTCH_TIME_ZONE }),
};

/** The moment of a register's answer in Dutch time: `6 december 2026 om 15:54`. */
export const momentText = (iso: string, locale: Locale): string => momentFormats[locale].format(new Date(iso));

/** `Ingeschreven`, `Geschorst tot 1 maart 2027`, `Doorgehaald op 2 mei 2023 op eigen verzoek`, … */
export const statusText = (status: RegistrationStatus, locale: Locale, i18n: I18n): string => {
  switch (status.kind) {
    case 'registered':
      return i18n._('registration_status_registered');
    case 'suspended':
      return i18n._('registration_status_suspended', { date: day(status.until, locale) });
    case 'ended':
      return i18n._('registration_status_ended', { date: day(status.date, locale) });
    case 'struck-off': {
      const date = day(status.date, locale);
      switch (status.ground) {
        case 'request':
          return i18n._('registration_status_struck_off_request', { date });
        case 'not-re-registered':
          return i18n._('registration_status_struck_off_not_re_registered', { date });
        case 'measure':
          return i18n._('registration_status_struck_off_measure', { date });
        case null:
          return i18n._('registration_status_struck_off', { date });
      }
    }
  }
};

/** What the status means for using the title. */
export const statusMeaning = (status: RegistrationStatus, i18n: I18n): string => {
  switch (status.kind) {
    case 'registered':
      return i18n._('registration_meaning_registered');
    case 'suspended':
      return i18n._('registration_meaning_suspended');
    case 'struck-off':
      return i18n._('registration_meaning_struck_off');
    case 'ended':
      return i18n._('registration_meaning_ended');
  }
};

/** A temporary registration's kind and end, in a few words; null for a regular one. */
export const kindText = ({ kind, until }: Registration, locale: Locale, i18n: I18n): string | null =>
  kind === 'temporary' && until ? i18n._('registration_kind_temporary', { date: day(until, locale) }) : null;

const MEASURE_LABELS: Record<MeasureKind, (i18n: I18n) => string> = {
  warning: (i18n) => i18n._('registration_measure_warning'),
  reprimand: (i18n) => i18n._('registration_measure_reprimand'),
  fine: (i18n) => i18n._('registration_measure_fine'),
  suspension: (i18n) => i18n._('registration_measure_suspension'),
  'striking-off': (i18n) => i18n._('registration_measure_striking_off'),
};

/** `Berisping, van 3 februari 2026 tot 3 februari 2028`; `Geldboete, sinds 17 september 2025`. */
export const measureText = ({ kind, from, until }: Measure, locale: Locale, i18n: I18n): string =>
  until
    ? i18n._('registration_measure_from_until', {
        measure: MEASURE_LABELS[kind](i18n),
        from: day(from, locale),
        until: day(until, locale),
      })
    : i18n._('registration_measure_since', { measure: MEASURE_LABELS[kind](i18n), from: day(from, locale) });
