import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ALLOWED_FILTERS } from '../../sample-cms/allowed-filters.ts';
import { startContentService } from '../../sample-cms/service.ts';
import type { ContentService } from '../../sample-cms/service.ts';
import { laravelThrottle, list, startFakeCms } from '../helpers/fake-cms.ts';
import type { FakeCms } from '../helpers/fake-cms.ts';
import { startProcess } from '../helpers/processes.ts';
import { ROOT } from '../helpers/site.ts';

// `npm run check-cms` against the embedded content service: once as it is, once with `slug` taken out of
// the actualities' allowed filters, which it then answers 422 as Statamic does; and against a CMS behind
// Laravel's API throttle, which states its limit in every answer and refuses calls past it.

const KEY = 'check-cms-test-key-5d2a';
let complete: ContentService;
let restricted: ContentService;
let throttling: FakeCms;
let edited: ContentService;
const ADMIN_KEY = 'check-cms-test-admin-key';

beforeAll(async () => {
  const { '*': shared = [], ...collections } = DEFAULT_ALLOWED_FILTERS.collections;
  const withoutSlug = shared.filter((name) => name !== 'slug');
  [complete, restricted, throttling, edited] = await Promise.all([
    startContentService({ apiKey: KEY, previewToken: 'check-cms-preview-token' }),
    startContentService({
      apiKey: KEY,
      previewToken: 'check-cms-preview-token',
      allowedFilters: {
        ...DEFAULT_ALLOWED_FILTERS,
        // `slug` for every collection but the actualities.
        collections: Object.fromEntries([
          ['*', withoutSlug],
          ...Object.entries(collections).map(([handle, names]) => [
            handle,
            handle === 'actualities' ? names : [...names, 'slug'],
          ]),
        ]),
      },
    }),
    startFakeCms(),
    startContentService({ apiKey: KEY, previewToken: 'check-cms-preview-token', adminKey: ADMIN_KEY }),
  ]);
});
afterAll(async () => {
  await Promise.all([complete?.close(), restricted?.close(), throttling?.close(), edited?.close()]);
});

const checkCms = async (env: Record<string, string>) => {
  const run = startProcess(process.execPath, [path.join(ROOT, 'scripts/check-cms.ts')], {
    env: { PATH: process.env.PATH ?? '', ...env },
    name: 'check-cms',
  });
  const code = await run.exited;
  return { code, output: run.logs.join('\n') };
};

describe('npm run check-cms', () => {
  it('reports every call the site makes as answered, and exits 0, against a CMS set up as docs/statamic.md says', async () => {
    const { code, output } = await checkCms({ CMS_API_URL: complete.apiUrl, CMS_API_KEY: KEY });
    expect(output).toMatch(/^ok {3}200 pages nl +32 items$/m);
    expect(output).toMatch(/^ok {3}200 actualities by slug en +1 item$/m);
    expect(output).toMatch(/(\d+) calls, \d+ requests to the CMS: \1 answered as the site needs, 0 failed\./);
    expect(output).not.toContain(KEY);
    expect(code).toBe(0);
  });

  it('names the calls a missing allowed filter breaks, with the CMS message, and exits 1', async () => {
    const { code, output } = await checkCms({ CMS_API_URL: restricted.apiUrl, CMS_API_KEY: KEY });
    expect(output).toMatch(/^FAIL 422 actualities by slug nl +Forbidden filter: slug$/m);
    expect(output).toMatch(/^FAIL 422 actualities by slug en +Forbidden filter: slug$/m);
    expect(output).toMatch(/^ok {3}200 events by slug nl +1 item$/m);
    expect(output).toMatch(/, 2 failed\./);
    expect(output).toContain('allowed_filters');
    expect(output).not.toContain(KEY);
    expect(code).toBe(1);
  });

  it('says what to set when no CMS is configured, and a wrong key fails every call', async () => {
    const unset = await checkCms({});
    expect(unset.output).toContain('Set CMS_API_URL');
    expect(unset.code).toBe(2);
    const wrongKey = await checkCms({ CMS_API_URL: complete.apiUrl, CMS_API_KEY: 'wrong-key' });
    expect(wrongKey.output).toMatch(/^FAIL 401 globals nl +Unauthenticated\.$/m);
    expect(wrongKey.output).not.toContain('wrong-key');
    expect(wrongKey.code).toBe(1);
  });

  it('names the notice fields the site cannot read, which it leaves out, without failing the check', async () => {
    const saved = await fetch(`${edited.url}/admin/globals/settings?site=default`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${ADMIN_KEY}` },
      body: JSON.stringify({
        notice: { text: 'Storing', kind: 'alarm', from: '2026-11-27 08:00', until: '2026-11-27T12:00:00+01:00' },
      }),
    });
    expect(saved.status).toBe(200);
    const { code, output } = await checkCms({ CMS_API_URL: edited.apiUrl, CMS_API_KEY: KEY });
    expect(output).toMatch(
      /^WARN 200 globals nl +cannot read settings notice\.kind, settings notice\.from \(the site leaves it out\)$/m,
    );
    expect(output).not.toMatch(/^WARN 200 globals en/m);
    expect(output).toMatch(/(\d+) calls, \d+ requests to the CMS: \1 answered as the site needs, 0 failed\./);
    expect(code).toBe(0);
  });
});

/** An item with every field any call's check requires: entries, terms, nav branches and global sets. */
const ITEM = {
  id: 'e1',
  title: 'Een',
  slug: 'een',
  url: '/een',
  handle: 'settings',
  page: { title: 'Een', url: '/een' },
};
const SINGLE_ENTRY = /\/collections\/[^/]+\/entries\/[^/?]+$/;
const answerEveryCall: FakeCms['answer'] = (request) =>
  SINGLE_ENTRY.test(request.url) ? { status: 200, body: { data: ITEM } } : list([ITEM]);

const askedOnce = (fake: FakeCms) => new Set(fake.requests.map((request) => request.url)).size === fake.requests.length;

describe("npm run check-cms beside a CMS behind Laravel's API throttle", () => {
  const env = () => ({ CMS_API_URL: throttling.apiUrl, CMS_API_KEY: KEY });

  it("reports the limit and what is left, and warns when the site's budget exceeds the limit", async () => {
    throttling.reset();
    throttling.answer = laravelThrottle(answerEveryCall, { limit: 60 });
    const { code, output } = await checkCms({ ...env(), CMS_MAX_REQUESTS_PER_MINUTE: '100' });
    const calls = throttling.requests.length;
    expect(askedOnce(throttling)).toBe(true);
    expect(output).toContain(
      `Rate limit: the CMS allows this client 60 requests a minute, ${60 - calls} left after this check; the site's budget (CMS_MAX_REQUESTS_PER_MINUTE) is 100 a minute.`,
    );
    expect(output).toMatch(/^WARN CMS_MAX_REQUESTS_PER_MINUTE \(100\) exceeds the CMS's limit \(60\)/m);
    expect(output).toMatch(
      new RegExp(`^(\\d+) calls, ${calls} requests to the CMS: \\1 answered as the site needs, 0 failed\\.$`, 'm'),
    );
    expect(code).toBe(0);

    throttling.reset();
    throttling.answer = laravelThrottle(answerEveryCall, { limit: 60 });
    const withinLimit = await checkCms(env());
    expect(withinLimit.output).toContain("the site's budget (CMS_MAX_REQUESTS_PER_MINUTE) is 60 a minute.");
    expect(withinLimit.output).not.toContain('WARN CMS_MAX_REQUESTS_PER_MINUTE');
    expect(withinLimit.code).toBe(0);
  });

  it('names a 429 as the rate limit with its Retry-After, not as a missing resource, and asks nothing more', async () => {
    throttling.reset();
    throttling.answer = laravelThrottle(answerEveryCall, { limit: 20, retryAfterSeconds: 37 });
    const { code, output } = await checkCms(env());
    const failures = output.match(/^FAIL .+$/gm) ?? [];
    const throttledLine = /^FAIL 429 .+ throttled by the CMS's rate limit \(Too Many Attempts\.\), Retry-After 37 s$/;
    // The first round (every list, nav, term list and global set of both sites) is asked at once; the
    // requests past the 20th are refused, and the lookups that depend on that round are not asked.
    expect(throttling.requests.length).toBeGreaterThan(20);
    expect(askedOnce(throttling)).toBe(true);
    expect(
      throttling.requests.some((request) => SINGLE_ENTRY.test(request.url) || request.url.includes('filter[slug]')),
    ).toBe(false);
    expect(failures.length).toBeGreaterThanOrEqual(throttling.requests.length - 20);
    expect(failures.every((line) => throttledLine.test(line))).toBe(true);
    expect(output).toMatch(
      new RegExp(
        `, ${throttling.requests.length} requests to the CMS: \\d+ answered as the site needs, ${failures.length} failed, ${failures.length} of them throttled \\(429\\)\\.`,
      ),
    );
    expect(output).toContain('not that a resource is missing. The lookups by slug and single entries were not asked.');
    expect(output).toContain('Rate limit: the CMS allows this client 20 requests a minute, 0 left after this check');
    expect(output).toMatch(/^WARN CMS_MAX_REQUESTS_PER_MINUTE \(60\) exceeds the CMS's limit \(20\)/m);
    expect(output).not.toContain(KEY);
    expect(code).toBe(1);
  });
});
