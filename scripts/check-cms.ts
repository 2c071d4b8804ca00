import { ConfigError, loadConfig } from '../server/config/config.ts';
import { NAV_HANDLES } from '../src/common/cms-dependencies.ts';
import { parseGlobals } from '../src/cms/entries.ts';
import { isRecord } from '../src/cms/fields.ts';
import { LIST_FIELDS, NAV_FIELDS, PAGE_FIELDS, cmsRequests, sameSite } from '../src/cms/requests.ts';
import { LIST_COLLECTIONS, TAXONOMIES } from '../src/cms/types.ts';
import type { ListCollection } from '../src/cms/types.ts';
import { LOCALES } from '../src/common/routes.ts';
import type { Locale } from '../src/common/routes.ts';

// `npm run check-cms`: asks the CMS configured by CMS_API_URL and CMS_API_KEY each call the site makes,
// once, and reports per call its status and whether the answer has the fields the site reads. A call
// that fails, or whose items lack a field the site cannot do without, fails the check (exit code 1);
// fields the site reads when present but can do without are listed as missing. The key is never printed.

const TIMEOUT_MS = 10_000;

interface Check {
  name: string;
  url: string;
  /** Fields every item must have; `page.url` reads a nested one. */
  required: readonly string[];
  /** Fields the site reads when they are there. */
  read?: readonly string[];
  /** A single entry (`{data: {...}}`) rather than a list. */
  single?: boolean;
}

interface Outcome {
  check: Check;
  status: number | null;
  failure: string | null;
  missing: string[];
  items: Record<string, unknown>[];
}

const has = (item: Record<string, unknown>, path: string): boolean => {
  const [head, ...rest] = path.split('.');
  const value = item[head!];
  return rest.length === 0 ? value !== undefined : isRecord(value) && has(value, rest.join('.'));
};

const readConfig = () => {
  try {
    const config = loadConfig(process.env);
    if (!config.cms.apiUrl || !config.cms.apiKey)
      throw new ConfigError('Set CMS_API_URL (e.g. https://cms.example.nl/api) and CMS_API_KEY to the CMS to check.');
    return { apiUrl: config.cms.apiUrl, headers: { [config.cms.apiKeyHeader]: config.cms.apiKey } };
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
};

const { apiUrl, headers } = readConfig();
const requests = cmsRequests(apiUrl);

const ask = async (check: Check): Promise<Outcome> => {
  const outcome: Outcome = { check, status: null, failure: null, missing: [], items: [] };
  try {
    const response = await fetch(check.url, {
      headers: { ...headers, Accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    outcome.status = response.status;
    const text = await response.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      return { ...outcome, failure: `not JSON (${response.headers.get('content-type') ?? 'no content type'})` };
    }
    if (!response.ok) {
      const message = isRecord(body) && typeof body.message === 'string' ? body.message : text.slice(0, 200);
      return { ...outcome, failure: message };
    }
    const data = isRecord(body) ? body.data : undefined;
    const items = check.single ? (isRecord(data) ? [data] : null) : Array.isArray(data) ? data.filter(isRecord) : null;
    if (!items) return { ...outcome, failure: check.single ? 'no entry in `data`' : 'no list in `data`' };
    outcome.items = items;
    const lacking = check.required.filter((field) => items.some((item) => !has(item, field)));
    if (lacking.length > 0) return { ...outcome, failure: `items without ${lacking.join(', ')}` };
    outcome.missing =
      items.length === 0 ? [] : (check.read ?? []).filter((field) => items.every((item) => !has(item, field)));
    return outcome;
  } catch (error) {
    return { ...outcome, failure: error instanceof Error ? error.message : String(error) };
  }
};

const ENTRY = ['id', 'title', 'slug', 'url'];
const path = (url: string) => url.slice(apiUrl.length);

/** What each call asks of its answer, by the fields the site reads (src/cms/requests.ts). */
const firstRound = (locale: Locale): Check[] => [
  { name: `globals ${locale}`, url: requests.globals(locale).url, required: ['handle'] },
  ...NAV_HANDLES.map((handle) => ({
    name: `nav ${handle} ${locale}`,
    url: requests.nav(handle, locale).url,
    required: ['page.title', 'page.url'],
    read: NAV_FIELDS.map((field) => `page.${field}`),
  })),
  ...TAXONOMIES.map((taxonomy) => ({
    name: `terms ${taxonomy} ${locale}`,
    url: requests.terms(taxonomy, locale).url,
    required: ['id', 'slug', 'title'],
  })),
  { name: `pages ${locale}`, url: requests.pages(locale).url, required: ENTRY, read: PAGE_FIELDS },
  { name: `employees ${locale}`, url: requests.employees(locale).url, required: ['id', 'title'] },
  ...LIST_COLLECTIONS.map((collection) => ({
    name: `list ${collection} ${locale}`,
    url: requests.list(collection, locale).url,
    required: ENTRY,
    read: LIST_FIELDS,
  })),
];

/** Calls that need an entry the first round found: a lookup by slug, a single entry. */
const secondRound = (found: Map<string, Outcome>): Check[] =>
  LOCALES.flatMap((locale) =>
    LIST_COLLECTIONS.flatMap((collection: ListCollection) => {
      const entry = found.get(`list ${collection} ${locale}`)?.items[0];
      if (!entry || typeof entry.slug !== 'string' || typeof entry.id !== 'string' || !sameSite(locale, collection))
        return [];
      return [
        {
          name: `${collection} by slug ${locale}`,
          url: requests.entryBySlug(collection, entry.slug, locale).url,
          required: ENTRY,
        },
        ...(locale === 'nl'
          ? [
              {
                name: `${collection} entry (previews)`,
                url: requests.entry(collection, entry.id),
                required: ENTRY,
                single: true,
              },
            ]
          : []),
      ];
    }),
  );

const report = (outcome: Outcome) => {
  const mark = outcome.failure ? 'FAIL' : outcome.missing.length > 0 ? 'WARN' : 'ok  ';
  const detail =
    outcome.failure ??
    (outcome.missing.length > 0
      ? `missing ${outcome.missing.join(', ')}`
      : `${outcome.items.length} item${outcome.items.length === 1 ? '' : 's'}`);
  console.log(
    `${mark} ${String(outcome.status ?? '---').padEnd(4)}${outcome.check.name.padEnd(36)} ${detail}\n${' '.repeat(9)}${path(outcome.check.url)}`,
  );
};

/**
 * The global sets' fields the site cannot read, as the site reads them: it leaves such a field out (a
 * notice's `from` without its offset: the notice is shown at once), so an editor should hear of it.
 */
const reportUnreadableGlobals = (answered: readonly Outcome[]) => {
  for (const outcome of answered.filter((each) => each.check.name.startsWith('globals ') && !each.failure)) {
    const fields: string[] = [];
    parseGlobals(outcome.items, (set, field) => fields.push(`${set.replace(/^globals:/, '')} ${field}`));
    if (fields.length > 0)
      console.log(
        `WARN ${String(outcome.status).padEnd(4)}${outcome.check.name.padEnd(36)} cannot read ${fields.join(', ')} (the site leaves it out)`,
      );
  }
};

console.log(`Checking ${apiUrl}\n`);
const first = await Promise.all(LOCALES.flatMap(firstRound).map(ask));
const second = await Promise.all(secondRound(new Map(first.map((outcome) => [outcome.check.name, outcome]))).map(ask));
const outcomes = [...first, ...second];
for (const outcome of outcomes) report(outcome);
reportUnreadableGlobals(first);

const failed = outcomes.filter((outcome) => outcome.failure);
const forbidden = failed.filter((outcome) => outcome.status === 422);
console.log(
  `\n${outcomes.length} calls: ${outcomes.length - failed.length} answered as the site needs, ${failed.length} failed.`,
);
if (forbidden.length > 0) {
  console.log(
    "A 422 'Forbidden filter' means the filter is not in the resource's allowed_filters (config/statamic/api.php): see docs/statamic.md, Setup.",
  );
}
process.exit(failed.length > 0 ? 1 : 0);
