import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCms } from '../../src/cms/create-cms.ts';
import { createResponseCache } from '../../src/cms/response-cache.ts';
import { findRequestContext, runWithRequestContext } from '../../src/request-context.ts';
import type { RequestContext } from '../../src/request-context.ts';
import { findEntry } from '../../src/server-components/find-entry.ts';
import { cmsOn } from '../helpers/cms-on-fake.ts';
import { list, startFakeCms } from '../helpers/fake-cms.ts';
import type { Answer, FakeCms, RecordedRequest } from '../helpers/fake-cms.ts';

// The entry lookup against a Statamic stand-in: the lists say which collection holds a slug (the first in
// the order wins), only that collection's item is asked for, a slug no list holds costs no call beyond the
// lists, a list below the match never fails or delays the page, and a failure above it is never papered
// over by a lower match.

const log = { error: vi.fn(), warn: vi.fn() };
let fake: FakeCms;
beforeAll(async () => {
  fake = await startFakeCms();
});
afterAll(async () => {
  await fake.close();
});

const SLUG = 'wet-en-regelgeving';
const entry = (collection: string) => ({ id: `${collection}-1`, title: collection, slug: SLUG, url: `/${SLUG}` });
const OTHER = { id: 'other-1', title: 'Other', slug: 'iets-anders', url: '/iets-anders' };
const collectionOf = (request: RecordedRequest) => /^\/api\/collections\/([^/]+)\/entries/.exec(request.url)?.[1] ?? '';
const isItem = (request: RecordedRequest) => decodeURIComponent(request.url).includes('filter[slug]=');
/**
 * Per collection, its list (`pages` is the page list) and its item; an unnamed list holds another slug, an
 * unnamed item is not found.
 */
const answering =
  (lists: Record<string, Answer>, items: Record<string, Answer> = {}) =>
  (request: RecordedRequest): Answer =>
    (isItem(request) ? items : lists)[collectionOf(request)] ?? list(isItem(request) ? [] : [OTHER]);
/** Never answered while the test runs: a CMS that hangs. */
const HANGS: Answer = { status: 200, body: { data: [] }, delayMs: 600_000 };
const itemRequests = () => fake.requests.filter(isItem).map(collectionOf);

describe('findEntry', () => {
  it('takes a page from the page list, whatever the case of the path, while the lists below hang or fail', async () => {
    fake.reset();
    fake.answer = answering({
      pages: list([OTHER, entry('pages')]),
      courses: HANGS,
      actualities: { status: 503 },
      events: HANGS,
    });
    const found = await findEntry(cmsOn(fake, log), 'Wet-En-Regelgeving', 'nl');
    expect(found).toMatchObject({ collection: 'pages', entry: { id: 'pages-1' } });
    expect(itemRequests()).toEqual([]);
  });

  it('asks for the item of the first list holding the slug, whatever answers first, and of no other collection', async () => {
    fake.reset();
    fake.answer = answering(
      {
        actualities: { ...list([entry('actualities')]), delayMs: 200 },
        publications: list([entry('publications')]),
      },
      { actualities: list([{ ...entry('actualities'), content: '<p>Heel het bericht</p>' }]) },
    );
    expect(await findEntry(cmsOn(fake, log), SLUG, 'nl')).toMatchObject({
      collection: 'actualities',
      entry: { content: '<p>Heel het bericht</p>' },
    });
    expect(itemRequests()).toEqual(['actualities']);
  });

  it('takes an entry unpublished since its list was read as absent: a list below may hold the slug', async () => {
    fake.answer = answering(
      { courses: list([entry('courses')]), events: list([entry('events')]) },
      { events: list([entry('events')]) },
    );
    expect(await findEntry(cmsOn(fake, log), SLUG, 'nl')).toMatchObject({ collection: 'events' });
  });

  it('fails rather than show a lower match when a list above it could not be had', async () => {
    log.error.mockClear();
    fake.reset();
    fake.answer = answering({ courses: { status: 503 }, events: list([entry('events')]) });
    await expect(findEntry(cmsOn(fake, log), SLUG, 'nl')).rejects.toThrow(/CMS answered 503/);
    // The log names the list that failed; no item was asked for.
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ url: expect.stringContaining('/collections/courses/entries') }),
      'CMS request failed',
    );
    expect(itemRequests()).toEqual([]);
  });

  it('finds nothing when no list holds the slug, with no call beyond the lists, and none once they are held', async () => {
    fake.reset();
    fake.answer = answering({});
    const cms = cmsOn(fake, log);
    expect(await findEntry(cms, SLUG, 'nl')).toBeNull();
    expect(fake.requests.map(collectionOf).sort()).toEqual(
      ['actualities', 'courses', 'events', 'pages', 'publications', 'vacancies'].sort(),
    );
    fake.reset();
    expect(await findEntry(cms, 'iets-anders-nog', 'nl')).toBeNull();
    expect(await findEntry(cms, 'nog-iets', 'en')).toBeNull();
    // The English lists are new; the courses' list is the default site's in both languages.
    expect(fake.requests).toHaveLength(5);
    expect(fake.requests.every((request) => decodeURIComponent(request.url).includes('filter[site]=en'))).toBe(true);
  });

  it('makes the page depend on the lists that decided it and on its item, not on the lists below', async () => {
    fake.answer = answering(
      { events: list([entry('events')]), vacancies: HANGS, publications: { status: 503 } },
      { events: list([entry('events')]) },
    );
    const cms = createCms({
      apiUrl: fake.apiUrl,
      apiKey: 'k',
      apiKeyHeader: 'X-Api-Key',
      timeoutMs: 5000,
      maxResponseBytes: 1024 * 1024,
      log,
      cache: createResponseCache({ ttlMs: 3_600_000, log, dependencies: () => findRequestContext()?.dependencies }),
    });
    const dependencies = new Set<string>();
    // Only the dependencies are read by the CMS client.
    const context = { dependencies } as RequestContext;
    expect(await runWithRequestContext(context, () => findEntry(cms, SLUG, 'en'))).toMatchObject({
      collection: 'events',
    });
    const scopes = [...dependencies].filter((tag) => !tag.startsWith('url:') && !tag.startsWith('id:'));
    expect(scopes.sort()).toEqual(
      [
        'entries:pages:en',
        'entries:courses:default',
        'entries:actualities:en',
        'entries:events:en',
        'slugs:events:en',
        `slug:events:en:${SLUG}`,
      ].sort(),
    );
  });
});
