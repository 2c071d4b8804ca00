import { describe, expect, it, vi } from 'vitest';
import { mentionTags, tagsOfChange } from '../../src/common/cms-dependencies.ts';
import { answerTag, createResponseCache } from '../../src/cms/response-cache.ts';
import { createPageCache } from '../../server/page-cache/page-cache.ts';

const log = { error: vi.fn(), warn: vi.fn() };

describe('the tags of a CMS answer', () => {
  it('name every entry and term it holds, at any depth, and translations by their origin', () => {
    const answer = {
      data: [
        {
          id: 'a',
          origin_id: 'nl-a',
          title: 'A',
          related: [{ id: 'b', title: 'B' }],
          disciplines: [{ id: 'disciplines::architectuur' }],
        },
        { id: 'c', components: [{ id: 'set-1', type: 'text', nested: { id: 'd' } }] },
      ],
      meta: { total: 2 },
    };
    expect(mentionTags(answer).sort()).toEqual([
      'id:a',
      'id:b',
      'id:c',
      'id:d',
      'id:disciplines::architectuur',
      'id:nl-a',
      'id:set-1',
    ]);
  });
});

describe('the tags of a change', () => {
  it('reach an entry’s lists, the answers holding it and the lookups of its slug', () => {
    expect(tagsOfChange({ type: 'entry', collection: 'events', id: 'e1', site: 'en', slug: 'Open-Day' })).toEqual([
      'entries:events:en',
      'id:e1',
      'slug:events:en:open-day',
    ]);
    expect(tagsOfChange({ type: 'entry', collection: 'events', id: 'e1', site: 'en' })).toEqual([
      'entries:events:en',
      'id:e1',
      'slugs:events:en',
    ]);
  });

  it('reach the nav trees too for a page, whose title and URL the navs show', () => {
    expect(tagsOfChange({ type: 'entry', collection: 'pages', id: 'p', site: 'default', slug: 'contact' })).toEqual(
      expect.arrayContaining(['nav:megamenu:default', 'nav:footer:default']),
    );
  });

  it('name a nav, the globals of a site, a term, or everything', () => {
    expect(tagsOfChange({ type: 'nav', handle: 'footer', site: 'en' })).toEqual(['nav:footer:en']);
    expect(tagsOfChange({ type: 'global', handle: 'settings', site: 'default' })).toEqual(['globals:default']);
    expect(tagsOfChange({ type: 'term', taxonomy: 'disciplines', slug: 'architectuur', site: 'default' })).toEqual([
      'terms:disciplines:default',
      'id:disciplines::architectuur',
    ]);
    expect(tagsOfChange({ type: 'term', taxonomy: 'disciplines', slug: 'architectuur' })).toEqual([
      'terms:disciplines:default',
      'terms:disciplines:en',
      'id:disciplines::architectuur',
    ]);
    expect(tagsOfChange({ type: 'everything' })).toBe('everything');
  });

  it('reach a collection’s lists and lookups when its tree changes (and the navs for pages), and the answers holding an asset', () => {
    expect(tagsOfChange({ type: 'collection-tree', collection: 'events', site: 'en' })).toEqual([
      'entries:events:en',
      'slugs:events:en',
    ]);
    expect(tagsOfChange({ type: 'collection-tree', collection: 'pages', site: 'default' })).toEqual([
      'entries:pages:default',
      'slugs:pages:default',
      'nav:megamenu:default',
      'nav:footer:default',
    ]);
    expect(tagsOfChange({ type: 'asset', container: 'assets', path: 'images/hero/over-ons.svg' })).toEqual([
      'id:assets::images/hero/over-ons.svg',
    ]);
    expect(
      mentionTags({ hero_image: { id: 'assets::images/hero/over-ons.svg', url: '/assets/images/hero/over-ons.svg' } }),
    ).toEqual(['id:assets::images/hero/over-ons.svg']);
  });
});

describe('invalidating CMS answers', () => {
  it('drops the answers carrying a tag, keeps the others, and records what a render read', async () => {
    const cache = createResponseCache({ ttlMs: 60_000, log });
    const read = new Set<string>();
    const recording = createResponseCache({ ttlMs: 60_000, log, dependencies: () => read });
    await recording.get('news', ['entries:actualities:default'], async () => ({ data: [{ id: 'n1' }] }));
    expect([...read].sort()).toEqual([answerTag('news'), 'entries:actualities:default', 'id:n1'].sort());

    const load = vi.fn(async () => ({ data: [] }));
    await cache.get('news', ['entries:actualities:default'], load);
    await cache.get('events', ['entries:events:default'], load);
    expect(cache.invalidate(new Set(['entries:actualities:default']))).toBe(1);
    await cache.get('events', ['entries:events:default'], load);
    expect(load).toHaveBeenCalledTimes(2);
    await cache.get('news', ['entries:actualities:default'], load);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('does not keep an answer that was under way when an invalidation came', async () => {
    const cache = createResponseCache({ ttlMs: 60_000, log });
    let finish: (value: string) => void = () => {};
    const pending = cache.get(
      'news',
      ['entries:actualities:default'],
      () => new Promise<string>((resolve) => (finish = resolve)),
    );
    cache.invalidate(new Set(['entries:actualities:default']));
    finish('old');
    expect(await pending).toBe('old');
    expect(await cache.get('news', ['entries:actualities:default'], async () => 'new')).toBe('new');
  });
});

describe('invalidating rendered pages', () => {
  const page = (tags: string[]) => ({
    contentType: 'text/html',
    body: Buffer.from('<p>page</p>'),
    tags,
    scriptHashes: [],
    routeName: null,
  });

  it('drops the pages carrying a tag and does not keep one rendered before an invalidation', async () => {
    const cache = createPageCache({ maxBytes: 1_000_000, ttlMs: 60_000 });
    await cache.store('news', page(['entries:actualities:default']), cache.generation);
    await cache.store('about', page(['entries:pages:default']), cache.generation);
    const renderedIn = cache.generation;
    expect(cache.invalidate(new Set(['entries:actualities:default']))).toBe(1);
    expect(cache.get('news')).toBeNull();
    expect(cache.get('about')).not.toBeNull();
    await cache.store('news', page(['entries:actualities:default']), renderedIn);
    expect(cache.get('news')).toBeNull();
    expect(cache.invalidate('everything')).toBe(1);
    expect(cache.size).toBe(0);
  });

  it('keeps a page that changes by itself (a site notice starting or ending) only until then, not even stale', async () => {
    let now = 1_000_000;
    const cache = createPageCache({ maxBytes: 1_000_000, ttlMs: 60_000, now: () => now });
    await cache.store('home', { ...page(['globals:default']), changesAt: now + 5_000 }, cache.generation);
    await cache.store('about', page(['globals:default']), cache.generation);
    expect(cache.get('home')?.expiresAt).toBe(now + 5_000);
    expect(cache.get('about')?.expiresAt).toBe(now + 60_000);
    now += 4_999;
    expect(cache.get('home')).not.toBeNull();
    now += 1;
    expect(cache.get('home')).toBeNull();
    expect(cache.get('about')).not.toBeNull();
    expect(cache.size).toBe(1);
  });
});
