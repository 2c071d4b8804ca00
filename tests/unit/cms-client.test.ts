import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Cms } from '../../src/cms/cms.ts';
import { cmsOn } from '../helpers/cms-on-fake.ts';
import { list, startFakeCms } from '../helpers/fake-cms.ts';
import type { FakeCms } from '../helpers/fake-cms.ts';

const log = { error: vi.fn(), warn: vi.fn() };
let fake: FakeCms;
let cms: Cms;

beforeAll(async () => {
  fake = await startFakeCms();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.reset();
  fake.answer = () => list([{ id: '1', title: 'One', slug: 'one', url: '/one' }]);
  log.error.mockClear();
  log.warn.mockClear();
  // A new client per test: a cache of its own.
  // A timeout far above any answer here: only the timeout test meets one (a busy machine must not turn a
  // late answer into a retry).
  cms = cmsOn(fake, log, { apiKey: 's3cret', timeoutMs: 5000 });
});
afterEach(() => {
  vi.useRealTimers();
});

const paths = () => fake.requests.map((request) => decodeURIComponent(request.url));

describe('calls', () => {
  it('asks with the exact query strings of the specification', async () => {
    fake.answer = (request) =>
      request.url.includes('/navs/') || request.url.includes('/globals') ? list([]) : list([]);
    await Promise.all([
      cms.globals('nl'),
      cms.nav('megamenu', 'en'),
      cms.terms('course_types', 'en'),
      cms.terms('disciplines', 'en'),
      cms.employees('nl'),
      cms.entryBySlug('courses', 'bim-basis', 'en'),
      cms.entryBySlug('actualities', 'nieuws', 'nl'),
    ]);
    expect(fake.requests.map((request) => request.url).sort()).toEqual(
      [
        '/api/globals?site=default',
        '/api/navs/megamenu/tree?site=en&fields=open_in_new_tab,url,title,slug',
        '/api/taxonomies/course_types/terms?filter[site]=default',
        '/api/taxonomies/disciplines/terms?filter[site]=en',
        '/api/collections/employees/entries?filter[site]=default&limit=100',
        '/api/collections/courses/entries?filter[site]=default&filter[slug]=bim-basis',
        '/api/collections/actualities/entries?filter[site]=default&filter[slug]=nieuws',
      ].sort(),
    );
  });

  it('sends the secret header on every call, and only GETs', async () => {
    await Promise.all([cms.globals('nl'), cms.pages('en'), cms.list('events', 'nl')]);
    expect(fake.requests).toHaveLength(3);
    for (const request of fake.requests) {
      expect(request.method).toBe('GET');
      expect(request.headers['x-api-key']).toBe('s3cret');
    }
  });

  it('reads lists from data and single items from data[0]', async () => {
    expect(await cms.entryBySlug('events', 'one', 'nl')).toMatchObject({ id: '1', title: 'One' });
    fake.answer = () => list([]);
    expect(await cms.entryBySlug('events', 'none', 'nl')).toBeNull();
  });

  it('reads a paginated list in full', async () => {
    fake.answer = (request) => {
      const page = Number(new URL(request.url, fake.url).searchParams.get('page') ?? 1);
      return list([{ id: String(page), title: `Item ${page}`, slug: `item-${page}` }], 3);
    };
    const items = await cms.list('actualities', 'nl');
    expect(items.map((item) => item.id)).toEqual(['1', '2', '3']);
  });
});

describe('cache', () => {
  it('asks each distinct URL at most once within the hour', async () => {
    await cms.globals('nl');
    await cms.globals('nl');
    await cms.globals('en');
    expect(paths()).toEqual(['/api/globals?site=default', '/api/globals?site=en']);
  });

  it('shares one fetch between concurrent identical requests', async () => {
    fake.answer = () => ({ ...list([]), delayMs: 30 });
    await Promise.all([cms.globals('nl'), cms.globals('nl'), cms.globals('nl')]);
    expect(fake.requests).toHaveLength(1);
  });

  it('after the hour answers the stale copy at once and refreshes it behind, once', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    expect((await cms.pages('nl')).map((page) => page.id)).toEqual(['1']);
    vi.setSystemTime(Date.now() + 3_600_001);
    fake.answer = () => ({ ...list([{ id: '2', title: 'Two', slug: 'two', url: '/two' }]), delayMs: 50 });
    const stale = await Promise.all([cms.pages('nl'), cms.pages('nl'), cms.pages('nl')]);
    expect(stale.map((pages) => pages[0]?.id)).toEqual(['1', '1', '1']);
    await vi.waitFor(() => expect(fake.requests).toHaveLength(2));
    await vi.waitFor(async () => expect((await cms.pages('nl'))[0]?.id).toBe('2'));
    expect(fake.requests).toHaveLength(2);
  });

  it('keeps the stale copy with a warning when the refresh fails', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await cms.pages('nl');
    vi.setSystemTime(Date.now() + 3_600_001);
    fake.answer = () => ({ status: 500 });
    expect((await cms.pages('nl')).map((page) => page.id)).toEqual(['1']);
    await vi.waitFor(() =>
      expect(log.warn).toHaveBeenCalledWith(
        expect.objectContaining({ url: expect.stringContaining('/collections/pages/') }),
        expect.stringContaining('stale'),
      ),
    );
    expect(fake.requests).toHaveLength(3);
  });
});

describe('failures', () => {
  it('retries a 503 exactly once', async () => {
    fake.answer = (_request, attempt) => (attempt === 1 ? { status: 503 } : list([]));
    expect(await cms.pages('nl')).toEqual([]);
    expect(fake.requests).toHaveLength(2);
  });

  // A 429 waits for its Retry-After (get-json-rate-limit.test.ts).
  it.each([408, 409, 425, 500, 502, 503, 504])('gives up on %i after one retry', async (status) => {
    fake.answer = () => ({ status });
    await expect(cms.globals('nl')).rejects.toThrow(`CMS answered ${status}`);
    expect(fake.requests).toHaveLength(2);
    expect(log.error).toHaveBeenCalledTimes(1);
  });

  it.each([400, 401, 403, 422])('does not retry %i', async (status) => {
    fake.answer = () => ({ status });
    await expect(cms.globals('nl')).rejects.toThrow();
    expect(fake.requests).toHaveLength(1);
  });

  it('retries a timed-out attempt once, then fails', async () => {
    // Each attempt reaches the stand-in well before its timeout, busy machine or not, and its answer
    // comes long after.
    fake.answer = () => ({ ...list([]), delayMs: 5000 });
    await expect(cmsOn(fake, log, { timeoutMs: 1000 }).globals('nl')).rejects.toThrow(/CMS request failed/);
    expect(fake.requests).toHaveLength(2);
  });

  it('retries a connection reset in the middle of the body', async () => {
    fake.answer = (_request, attempt) => (attempt === 1 ? { resetMidBody: true } : list([]));
    expect(await cms.pages('nl')).toEqual([]);
    expect(fake.requests).toHaveLength(2);
  });

  it('treats invalid JSON and the wrong shape as failures, without retrying or crashing', async () => {
    fake.answer = () => ({ raw: '{"data": [' });
    await expect(cms.globals('nl')).rejects.toThrow(/invalid JSON/);
    fake.answer = () => ({ status: 200, body: { data: 'not a list' } });
    await expect(cms.globals('en')).rejects.toThrow(/unexpected list shape/);
    expect(fake.requests).toHaveLength(2);
  });

  it('reports a 404 list as a failure and a 404 entry as absent', async () => {
    fake.answer = () => ({ status: 404, body: { message: 'Not found.' } });
    await expect(cms.list('events', 'nl')).rejects.toThrow(/404/);
    expect(await cms.previewEntry('pages', 'missing', 'token')).toBeNull();
  });
});

describe('previews', () => {
  it('pass the token to the entry call and are never cached', async () => {
    fake.answer = () => ({ status: 200, body: { data: { id: 'd1', title: 'Draft', slug: 'draft' } } });
    await cms.previewEntry('pages', 'd1', 'tok en');
    await cms.previewEntry('pages', 'd1', 'tok en');
    expect(fake.requests.map((request) => request.url)).toEqual([
      '/api/collections/pages/entries/d1?token=tok%20en',
      '/api/collections/pages/entries/d1?token=tok%20en',
    ]);
  });

  it('never write the token to the log', async () => {
    fake.answer = () => ({ status: 500 });
    await expect(cms.previewEntry('pages', 'd1', 'very-secret-token')).rejects.toThrow();
    expect(
      JSON.stringify(log.error.mock.calls, (_key, value: unknown) => (value instanceof Error ? value.message : value)),
    ).not.toContain('very-secret-token');
  });
});

describe('answers the CMS should not give', () => {
  it('refuses a body over the size bound, without a retry', async () => {
    fake.answer = () => list([{ id: '1', title: 'x'.repeat(2 * 1024 * 1024), slug: 'one' }]);
    await expect(cms.globals('nl')).rejects.toThrow(/more than 1048576 bytes/);
    expect(fake.requests).toHaveLength(1);
  });

  it('follows a redirect on its own origin, and none to another host (where the key would go)', async () => {
    const elsewhere = await startFakeCms();
    try {
      fake.answer = (request) =>
        request.url.includes('/globals')
          ? { status: 302, headers: { Location: `${elsewhere.apiUrl}/globals?site=default` } }
          : request.url.includes('/navs/megamenu/')
            ? { status: 301, headers: { Location: '/api/moved/megamenu' } }
            : list([{ page: { id: 'moved', title: 'Moved', url: '/moved' } }]);
      await expect(cms.globals('nl')).rejects.toThrow(/redirected .* to another host/);
      expect(elsewhere.requests).toHaveLength(0);
      expect(await cms.nav('megamenu', 'nl')).toEqual([
        { page: { id: 'moved', title: 'Moved', url: '/moved', slug: null, open_in_new_tab: null }, children: [] },
      ]);
      expect(paths()).toContain('/api/moved/megamenu');
    } finally {
      await elsewhere.close();
    }
  });
});
