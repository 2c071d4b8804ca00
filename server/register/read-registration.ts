import { ARCHITECT_TITLES, MEASURE_KINDS, STRIKE_OFF_GROUNDS } from '../../src/common/register-types.ts';
import type { Measure, Registration, RegistrationStatus } from '../../src/common/register-types.ts';

// A registration in an answer of the register's API (docs/register-api.md), read field by field. The
// site never claims a status it cannot read: a registration whose title or status is unknown or
// incomplete is left out, as is a measure of an unknown kind or without its dates. An answer without
// any `status` comes from before the register had statuses, when it listed current registrations only;
// one without `kind` from before temporary registrations, so it is regular. A temporary registration is
// read with its end date or not at all, and one whose end date lies before the day of the answer is no
// longer in the register (status `ended`), whatever status the register still gives it.

/** Called with what was left out, for one warning per answer. */
export type Problem = (message: string) => void;

const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (values as readonly string[]).includes(value);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An ISO day, `YYYY-MM-DD`, that exists in the calendar. */
const isIsoDay = (value: unknown): value is string =>
  typeof value === 'string' &&
  /^\d{4}-\d{2}-\d{2}$/.test(value) &&
  new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

const readStatus = (value: unknown): RegistrationStatus | null => {
  if (value === undefined) return { kind: 'registered' };
  if (!isRecord(value)) return null;
  if (value.kind === 'registered') return { kind: 'registered' };
  if (value.kind === 'suspended') return isIsoDay(value.until) ? { kind: 'suspended', until: value.until } : null;
  if (value.kind === 'struck-off' && isIsoDay(value.date))
    // Struck off stays struck off when the ground is one the site does not know.
    return {
      kind: 'struck-off',
      date: value.date,
      ground: isOneOf(STRIKE_OFF_GROUNDS, value.ground) ? value.ground : null,
    };
  return null;
};

const readMeasure = (value: unknown): Measure | null => {
  if (!isRecord(value) || !isOneOf(MEASURE_KINDS, value.kind) || !isIsoDay(value.from)) return null;
  const until = value.until ?? null;
  if (until !== null && !isIsoDay(until)) return null;
  return { kind: value.kind, from: value.from, until };
};

/**
 * `asOf`: the day of the register's answer (`YYYY-MM-DD`), against which a temporary registration's end
 * date is read.
 */
export const readRegistration = (value: unknown, asOf: string, problem: Problem): Registration | null => {
  if (!isRecord(value) || typeof value.number !== 'string') {
    problem('a registration without a number');
    return null;
  }
  const { number } = value;
  if (!isOneOf(ARCHITECT_TITLES, value.title)) {
    problem(`${number}: unknown title`);
    return null;
  }
  if (!isIsoDay(value.date)) {
    problem(`${number}: no registration date`);
    return null;
  }
  const kind = value.kind ?? 'regular';
  if (kind !== 'regular' && !(kind === 'temporary' && isIsoDay(value.until))) {
    problem(`${number}: unknown kind, or temporary without its end date`);
    return null;
  }
  const until = kind === 'temporary' ? (value.until as string) : null;
  const read = readStatus(value.status);
  if (!read) {
    problem(`${number}: unknown or incomplete status`);
    return null;
  }
  const status: RegistrationStatus =
    until !== null && until < asOf && read.kind === 'registered' ? { kind: 'ended', date: until } : read;
  const listed = Array.isArray(value.measures) ? value.measures : [];
  if (value.measures !== undefined && !Array.isArray(value.measures)) problem(`${number}: measures not a list`);
  const measures = listed.flatMap((entry) => {
    const measure = readMeasure(entry);
    if (!measure) problem(`${number}: a measure of an unknown kind or without its dates`);
    return measure ? [measure] : [];
  });
  return { title: value.title, number, date: value.date, kind, until, status, measures };
};
