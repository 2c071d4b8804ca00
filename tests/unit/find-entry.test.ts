import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { findEntry } from '../../src/server-components/find-entry.ts';
import { cmsOn } from '../helpers/cms-on-fake.ts';
import { list, startFakeCms } from '../helpers/fake-cms.ts';
import type { Answer, FakeCms, RecordedRequest } from '../helpers/fake-cms.ts';

// The entry lookup by slug against a Statamic stand-in: the first match in the collections' order wins,
// a lookup below the match never fails or delays the page, and a failure above it is never papered
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
/** An answer per collection (`pages` is the page list, the others are lookups by slug); nothing found otherwise. */
const answering =
  (byCollection: Record<string, Answer>) =>
  (request: RecordedRequest): Answer => {
    const collection = /^\/api\/collections\/([^/]+)\/entries/.exec(request.url)?.[1] ?? '';
    return byCollection[collection] ?? list([]);
  };
/** Never answered while the test runs: a CMS that hangs. */
const HANGS: Answer = { status: 200, body: { data: [] }, delayMs: 600_000 };

describe('findEntry', () => {
  it('takes a page from the page list while the lookups below it hang or fail', async () => {
    fake.answer = answering({
      pages: list([entry('pages')]),
      courses: HANGS,
      actualities: { status: 503 },
      events: HANGS,
    });
    const found = await findEntry(cmsOn(fake, log), SLUG, 'nl');
    expect(found).toMatchObject({ collection: 'pages', entry: { id: 'pages-1' } });
  });

  it('takes the first match in the order, whatever answers first', async () => {
    fake.answer = answering({
      actualities: { ...list([entry('actualities')]), delayMs: 200 },
      publications: list([entry('publications')]),
    });
    expect(await findEntry(cmsOn(fake, log), SLUG, 'nl')).toMatchObject({ collection: 'actualities' });
  });

  it('fails rather than show a lower match when a collection above it could not answer', async () => {
    log.error.mockClear();
    fake.answer = answering({ courses: { status: 503 }, events: list([entry('events')]) });
    await expect(findEntry(cmsOn(fake, log), SLUG, 'nl')).rejects.toThrow(/CMS answered 503/);
    // The log names the lookup that failed.
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ url: expect.stringContaining('/collections/courses/entries') }),
      'CMS request failed',
    );
  });

  it('finds nothing when no collection has the slug', async () => {
    fake.answer = answering({});
    expect(await findEntry(cmsOn(fake, log), SLUG, 'nl')).toBeNull();
  });
});
