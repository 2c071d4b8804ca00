// Index query parameters, read the way PHP and Laravel read them: `filter[field:condition]=value` pairs
// in request order (a repeated key keeps its first position and its last value), `fields`, `limit`,
// `page`, `sort` and `site`.

const DEFAULT_LIMIT = 50;
/** Statamic's query builder falls back to this page size when `limit` is 0 or empty. */
const FALLBACK_LIMIT = 15;

export interface Filter {
  /** The part inside the brackets, e.g. `title:contains` or `taxonomy:disciplines:all`. */
  key: string;
  value: string;
}

export interface IndexQuery {
  filters: Filter[];
  /** Requested keys in order, or null for the full resource. */
  fields: string[] | null;
  limit: number;
  page: number;
  /** Sort items as written, e.g. `-date`. */
  sort: string[];
  site: string | null;
  /** The query carried into pagination links: Laravel appends `filter`, `limit`, `page`, `sort`, in that order. */
  carried: { filters: Filter[]; limit: string | null; page: string | null; sort: string | null };
}

const FILTER_KEY = /^filter\[([^\]]+)\]$/;

/** An empty parameter counts as absent (Laravel's ConvertEmptyStringsToNull). */
const present = (params: URLSearchParams, name: string): string | null => {
  const values = params.getAll(name);
  const last = values.at(-1);
  return last === undefined || last === '' ? null : last;
};

const readLimit = (raw: string | null, wasGiven: boolean): number => {
  if (!wasGiven) return DEFAULT_LIMIT;
  const limit = raw === null ? Number.NaN : Number(raw);
  return Number.isInteger(limit) && limit > 0 ? limit : FALLBACK_LIMIT;
};

/** Laravel's page resolver: a whole number of at least 1, else 1. */
const readPage = (raw: string | null): number => {
  if (raw === null || !/^[+-]?\d+$/.test(raw.trim())) return 1;
  const page = Number.parseInt(raw, 10);
  return page >= 1 ? page : 1;
};

export const parseIndexQuery = (params: URLSearchParams): IndexQuery => {
  const filters = new Map<string, string>();
  for (const [name, value] of params) {
    const match = FILTER_KEY.exec(name);
    if (match?.[1]) filters.set(match[1], value);
  }
  const filterList = [...filters].map(([key, value]) => ({ key, value }));
  const fields = present(params, 'fields');
  const limit = present(params, 'limit');
  const page = present(params, 'page');
  const sort = present(params, 'sort');
  return {
    filters: filterList,
    fields:
      fields === null
        ? null
        : fields
            .split(',')
            .map((field) => field.trim())
            .filter(Boolean),
    limit: readLimit(limit, params.has('limit')),
    page: readPage(page),
    sort:
      sort === null
        ? []
        : sort
            .split(',')
            .map((item) => item.trim())
            .filter(Boolean),
    site: present(params, 'site'),
    carried: { filters: filterList, limit, page, sort },
  };
};
