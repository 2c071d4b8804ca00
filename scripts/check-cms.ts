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
// It also reports the CMS's rate limit (Laravel's `X-RateLimit-*` headers) against the site's budget,
// and spends no more of that limit than the check needs: no call is asked twice, and once the CMS
// throttles, the calls that depend on the first round are not asked at all.

const TIMEOUT_MS = 10_000;
/** The site's CMS budget when CMS_MAX_REQUESTS_PER_MINUTE is unset: Laravel's `api` limiter, 60 a minute. */
const DEFAULT_BUDGET_PER_MINUTE = 60;

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

/** What an answer said of the CMS's rate limit (ThrottleRequests::getHeaders in Laravel). */
interface RateLimit {
  limit: number;
  remaining: number | null;
}

interface Outcome {
  check: Check;
  status: number | null;
  failure: string | null;
  /** A 429: the CMS refused the call for its rate limit, whatever the resource. */
  throttled: boolean;
  missing: string[];
  items: Record<string, unknown>[];
  rateLimit: RateLimit | null;
}

const has = (item: Record<string, unknown>, path: string): boolean => {
  const [head, ...rest] = path.split('.');
  const value = item[head!];
  return rest.length === 0 ? value !== undefined : isRecord(value) && has(value, rest.join('.'));
};

const readBudget = (value: string | undefined): number => {
  if (value === undefined || value === '') return DEFAULT_BUDGET_PER_MINUTE;
  if (!/^[1-9]\d*$/.test(value)) throw new ConfigError('CMS_MAX_REQUESTS_PER_MINUTE: must be a whole number from 1');
  return Number(value);
};

const readConfig = () => {
  try {
    const config = loadConfig(process.env);
    if (!config.cms.apiUrl || !config.cms.apiKey)
      throw new ConfigError('Set CMS_API_URL (e.g. https://cms.example.nl/api) and CMS_API_KEY to the CMS to check.');
    return {
      apiUrl: config.cms.apiUrl,
      headers: { [config.cms.apiKeyHeader]: config.cms.apiKey },
      budget: readBudget(process.env.CMS_MAX_REQUESTS_PER_MINUTE),
    };
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
};

const { apiUrl, headers, budget } = readConfig();
const requests = cmsRequests(apiUrl);

const wholeNumber = (value: string | null): number | null =>
  value !== null && /^\d+$/.test(value) ? Number(value) : null;

const readRateLimit = (response: Response): RateLimit | null => {
  const limit = wholeNumber(response.headers.get('x-ratelimit-limit'));
  return limit === null ? null : { limit, remaining: wholeNumber(response.headers.get('x-ratelimit-remaining')) };
};

/** What the CMS answered to one URL. */
interface Answer {
  status: number;
  contentType: string | null;
  retryAfter: string | null;
  rateLimit: RateLimit | null;
  text: string;
}

const answers = new Map<string, Promise<Answer>>();

/** Each URL is asked once: the English call of a collection kept in the Dutch site only is the Dutch one. */
const answerTo = (url: string): Promise<Answer> => {
  let answer = answers.get(url);
  if (!answer) {
    answer = fetch(url, {
      headers: { ...headers, Accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    }).then(async (response) => ({
      status: response.status,
      contentType: response.headers.get('content-type'),
      retryAfter: response.headers.get('retry-after'),
      rateLimit: readRateLimit(response),
      text: await response.text(),
    }));
    answers.set(url, answer);
  }
  return answer;
};

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

const messageOf = (body: unknown): string | null =>
  isRecord(body) && typeof body.message === 'string' ? body.message : null;

const ask = async (check: Check): Promise<Outcome> => {
  const outcome: Outcome = {
    check,
    status: null,
    failure: null,
    throttled: false,
    missing: [],
    items: [],
    rateLimit: null,
  };
  try {
    const answer = await answerTo(check.url);
    outcome.status = answer.status;
    outcome.rateLimit = answer.rateLimit;
    const body = parseJson(answer.text);
    if (answer.status === 429) {
      // Laravel answers JSON to `Accept: application/json`; a proxy's throttle may not.
      const message = messageOf(body);
      const retryAfter = answer.retryAfter === null ? 'not given' : `${answer.retryAfter} s`;
      const failure = `throttled by the CMS's rate limit${message ? ` (${message})` : ''}, Retry-After ${retryAfter}`;
      return { ...outcome, throttled: true, failure };
    }
    if (body === undefined) return { ...outcome, failure: `not JSON (${answer.contentType ?? 'no content type'})` };
    if (answer.status < 200 || answer.status > 299) {
      return { ...outcome, failure: messageOf(body) ?? answer.text.slice(0, 200) };
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

/** The CMS's limit as its answers state it: the lowest limit, and the fewest calls left (an answer from
 * Statamic's API cache carries the headers of the moment it was stored). */
const statedRateLimit = (outcomes: Outcome[]): RateLimit | null => {
  const stated = outcomes.flatMap((outcome) => (outcome.rateLimit ? [outcome.rateLimit] : []));
  if (stated.length === 0) return null;
  const remaining = stated.flatMap((rateLimit) => (rateLimit.remaining === null ? [] : [rateLimit.remaining]));
  return {
    limit: Math.min(...stated.map((rateLimit) => rateLimit.limit)),
    remaining: remaining.length > 0 ? Math.min(...remaining) : null,
  };
};

const reportRateLimit = (rateLimit: RateLimit | null) => {
  const site = `the site's budget (CMS_MAX_REQUESTS_PER_MINUTE) is ${budget} a minute`;
  if (!rateLimit) {
    console.log(`Rate limit: the CMS sent no X-RateLimit-* headers (no throttle on its API routes); ${site}.`);
    return;
  }
  const left = rateLimit.remaining === null ? '' : `, ${rateLimit.remaining} left after this check`;
  console.log(`Rate limit: the CMS allows this client ${rateLimit.limit} requests a minute${left}; ${site}.`);
  if (budget > rateLimit.limit) {
    console.log(
      `WARN CMS_MAX_REQUESTS_PER_MINUTE (${budget}) exceeds the CMS's limit (${rateLimit.limit}): the CMS would refuse the site's calls beyond it. Lower it to ${rateLimit.limit}, or raise the CMS's limit for the site's addresses: see docs/statamic.md, Rate limit.`,
    );
  }
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
// While the CMS throttles, the calls that depend on the first round would only spend its limit further.
const throttledEarly = first.some((outcome) => outcome.throttled);
const second = throttledEarly
  ? []
  : await Promise.all(secondRound(new Map(first.map((outcome) => [outcome.check.name, outcome]))).map(ask));
const outcomes = [...first, ...second];
for (const outcome of outcomes) report(outcome);
reportUnreadableGlobals(first);

const failed = outcomes.filter((outcome) => outcome.failure);
const forbidden = failed.filter((outcome) => outcome.status === 422);
const throttled = failed.filter((outcome) => outcome.throttled);
console.log(
  `\n${outcomes.length} calls, ${answers.size} requests to the CMS: ${outcomes.length - failed.length} answered as the site needs, ${failed.length} failed${throttled.length > 0 ? `, ${throttled.length} of them throttled (429)` : ''}.`,
);
if (forbidden.length > 0) {
  console.log(
    "A 422 'Forbidden filter' means the filter is not in the resource's allowed_filters (config/statamic/api.php): see docs/statamic.md, Setup.",
  );
}
if (throttled.length > 0) {
  const skipped = throttledEarly ? ' The lookups by slug and single entries were not asked.' : '';
  console.log(
    `A 429 means the CMS's rate limit for this address is spent, not that a resource is missing.${skipped} Check again after its Retry-After.`,
  );
}
reportRateLimit(statedRateLimit(outcomes));
process.exit(failed.length > 0 ? 1 : 0);
