import type { ApiValue } from '../resources/values.ts';
import type { Filter } from './params.ts';

// Statamic's `filter[field:condition]=value` (QueriesConditions on the Stache query builder): values are
// coerced first, `=` and `like` compare case-insensitively, an unknown condition adds no clause, and
// `taxonomy:{handle}[:modifier]` filters by terms. Filters must be allowed, per resource.

type FilterValue = string | number | boolean;

/** `'true'`/`'false'` become booleans and numeric strings numbers, as ApiController::filter does. */
const coerce = (value: string): FilterValue => {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (value.trim() !== '' && /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(value.trim())) return Number(value);
  return value;
};

/** The allowed name of a filter key: its field, or `taxonomy:{handle}` for taxonomy filters. */
const filterName = (key: string): string => {
  const parts = key.split(':');
  return parts[0] === 'taxonomy' ? `${parts[0]}:${parts[1] ?? ''}` : (parts[0] ?? '');
};

/** The 422 message for filters that are not allowed, or null. Names are listed in request order. */
export const forbiddenFilterMessage = (filters: readonly Filter[], allowed: ReadonlySet<string>): string | null => {
  const forbidden = filters.map((filter) => filterName(filter.key)).filter((name) => !allowed.has(name));
  if (forbidden.length === 0) return null;
  return `${forbidden.length === 1 ? 'Forbidden filter' : 'Forbidden filters'}: ${forbidden.join(', ')}`;
};

/** PHP's `strtolower((string) $value)`: null and false are '', true is '1'. */
const text = (value: ApiValue | FilterValue | undefined): string => {
  if (value === null || value === undefined || value === false) return '';
  if (value === true) return '1';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value).toLowerCase();
};

const isList = (value: ApiValue): value is ApiValue[] => Array.isArray(value);

const equals = (item: ApiValue, value: FilterValue): boolean =>
  // A list field matches when one of its items does (the Stache compares scalars only).
  isList(item) ? item.some((element) => equals(element, value)) : text(item) === text(value);

const notEquals = (item: ApiValue, value: FilterValue): boolean => {
  if (typeof item === 'string') return item.toLowerCase() !== text(value);
  if (isList(item)) return !equals(item, value);
  return item !== value;
};

/** SQL `like` as Statamic runs it on the Stache: `%` and `_` are wildcards, case-insensitive, multi-line. */
const like = (item: ApiValue, pattern: string): boolean => {
  const source = pattern
    .split(/([%_])/)
    .map((part) => (part === '%' ? '.*' : part === '_' ? '.' : part.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')))
    .join('');
  const subject = item === null ? '' : typeof item === 'object' ? JSON.stringify(item) : String(item);
  return new RegExp(`^${source}$`, 'ims').test(subject);
};

const exists = (item: ApiValue): boolean =>
  typeof item === 'string' ? item !== '' : item !== null && item !== undefined;

const compare = (item: ApiValue, value: FilterValue): number | null => {
  if (item === null || isList(item) || typeof item === 'object') return null;
  if (typeof item === 'number' && typeof value === 'number') return item - value;
  const a = String(item);
  const b = String(value);
  return a < b ? -1 : a > b ? 1 : 0;
};

/** A comparison test; an item without a scalar value never matches. */
const ordered =
  (accept: (difference: number) => boolean) =>
  (item: ApiValue, value: FilterValue): boolean => {
    const difference = compare(item, value);
    return difference !== null && accept(difference);
  };

const regex = (pattern: string): RegExp | null => {
  const delimited = /^\/(.*)\/([a-z]*)$/s.exec(pattern);
  try {
    return new RegExp(delimited ? (delimited[1] ?? '') : pattern, 'im');
  } catch {
    return null;
  }
};

const FIXED_PATTERNS: Record<string, RegExp> = {
  is_alpha: /^[a-z]+$/i,
  is_alpha_numeric: /^[a-z0-9]+$/i,
  is_numeric: /^[0-9]*(\.[0-9]+)?$/,
  is_url: /^(https?:\/\/|www\.)[^\s]+$/i,
  is_embeddable: /(youtube\.com|youtu\.be|vimeo\.com)/i,
  is_email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  is_numberwang: /^(1|22|7|9|1002|2\.3|15|109876567|31)$/,
};

const toTime = (value: ApiValue | FilterValue): number | null => {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const time = Date.parse(String(value).replace(/\.(\d{3})\d*Z$/, '.$1Z'));
  return Number.isNaN(time) ? null : time;
};

const piped = (value: FilterValue): string[] => (typeof value === 'string' ? value.split('|') : [String(value)]);

type Test = (item: ApiValue, value: FilterValue, now: Date) => boolean;

const test = (name: string, run: Test, aliases: readonly string[] = []): [string, Test][] =>
  [name, ...aliases].map((alias) => [alias, run]);

/** Conditions by name and alias (QueriesConditions). */
const CONDITIONS = new Map<string, Test>([
  ...test('is', (item, value) => equals(item, value), ['equals']),
  ...test('not', (item, value) => notEquals(item, value), ['isnt', 'aint', '¯\\_(ツ)_/¯']),
  ...test('exists', (item, value) => (value ? exists(item) : !exists(item)), ['isset']),
  ...test('is_empty', (item, value) => (value ? !exists(item) : exists(item)), [
    'is_blank',
    'doesnt_exist',
    'not_set',
    'isnt_set',
    'null',
  ]),
  ...test('contains', (item, value) => like(item, `%${String(value)}%`)),
  ...test('doesnt_contain', (item, value) => !like(item, `%${String(value)}%`)),
  ...test('starts_with', (item, value) => like(item, `${String(value)}%`), ['begins_with']),
  ...test('doesnt_start_with', (item, value) => !like(item, `${String(value)}%`), ['doesnt_begin_with']),
  ...test('ends_with', (item, value) => like(item, `%${String(value)}`)),
  ...test('doesnt_end_with', (item, value) => !like(item, `%${String(value)}`)),
  ...test('in', (item, value) => piped(value).some((option) => equals(item, coerce(option)))),
  ...test('not_in', (item, value) => !piped(value).some((option) => equals(item, coerce(option)))),
  ...test(
    'gt',
    ordered((difference) => difference > 0),
    ['greater_than'],
  ),
  ...test(
    'lt',
    ordered((difference) => difference < 0),
    ['less_than'],
  ),
  ...test(
    'gte',
    ordered((difference) => difference >= 0),
    ['greater_than_or_equal_to'],
  ),
  ...test(
    'lte',
    ordered((difference) => difference <= 0),
    ['less_than_or_equal_to'],
  ),
  ...test('matches', (item, value) => regex(String(value))?.test(text(item)) ?? false, ['match', 'regex']),
  ...test('doesnt_match', (item, value) => !(regex(String(value))?.test(text(item)) ?? false)),
  ...Object.entries(FIXED_PATTERNS).map(([name, pattern]): [string, Test] => [
    name,
    (item, value) => (value === false ? !pattern.test(text(item)) : pattern.test(text(item))),
  ]),
  ...test(
    'is_after',
    (item, value, now) => {
      const itemTime = toTime(item);
      const limit = value === true ? now.getTime() : toTime(value);
      return itemTime !== null && limit !== null && itemTime > limit;
    },
    ['is_future'],
  ),
  ...test(
    'is_before',
    (item, value, now) => {
      const itemTime = toTime(item);
      const limit = value === true ? now.getTime() : toTime(value);
      return itemTime !== null && limit !== null && itemTime < limit;
    },
    ['is_past'],
  ),
  ...test('overlaps', (item, value) => {
    const items = (isList(item) ? item : [item]).map(text);
    return piped(value).some((option) => items.includes(option.toLowerCase()));
  }),
  ...test('doesnt_overlap', (item, value) => {
    const items = (isList(item) ? item : [item]).map(text);
    return !piped(value).some((option) => items.includes(option.toLowerCase()));
  }),
]);

export interface FilterTarget<T> {
  /** The item's stored value of a field (`a->b` for nested values). */
  field(item: T, field: string): ApiValue;
  /** The item's term ids (`{taxonomy}::{slug}`); only entries have them. */
  termIds?(item: T): readonly string[];
  /** `status` filters go through whereStatus; `any` matches every status. */
  status?(item: T): string;
}

/** One predicate for all filters of a request (taxonomy filters included). */
export const buildPredicate = <T>(
  filters: readonly Filter[],
  target: FilterTarget<T>,
  now: Date,
): ((item: T) => boolean) => {
  const clauses: ((item: T) => boolean)[] = [];
  for (const { key, value: rawValue } of filters) {
    const parts = key.split(':');
    if (parts[0] === 'taxonomy' && target.termIds) {
      const taxonomy = parts[1] ?? '';
      const wanted = rawValue.split(',').map((slug) => `${taxonomy}::${slug.trim()}`.toLowerCase());
      const termIds = target.termIds;
      const modifier = parts[2] ?? 'any';
      const has = (item: T) => {
        const ids = termIds(item).map((id) => id.toLowerCase());
        return wanted.map((id) => ids.includes(id));
      };
      if (modifier === 'not' || modifier === 'not_in') clauses.push((item) => !has(item).some(Boolean));
      else if (modifier === 'all') clauses.push((item) => has(item).every(Boolean));
      else clauses.push((item) => has(item).some(Boolean));
      continue;
    }
    const field = (parts[0] ?? '').replaceAll('.', '->');
    const condition = parts[1] ?? 'equals';
    const value = coerce(rawValue);
    if (field === 'status' && target.status && (condition === 'is' || condition === 'equals')) {
      const status = target.status;
      clauses.push((item) => value === 'any' || text(status(item)) === text(value));
      continue;
    }
    const run = CONDITIONS.get(condition);
    // An unknown condition adds no clause, as in Statamic.
    if (!run) continue;
    clauses.push((item) => run(target.field(item, field), value, now));
  }
  return (item) => clauses.every((clause) => clause(item));
};
