import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentService } from '../../sample-cms/service.ts';
import { API_KEY, client, start } from './helpers.ts';

let service: ContentService;
let bearerService: ContentService;
const { get, json } = client(() => service);

beforeAll(async () => {
  service = await start();
  // Statamic 6 native auth: the key travels in `Authorization` as `Bearer …`.
  bearerService = await start({ apiKeyHeader: 'Authorization', apiKey: 'Bearer s3cret' });
});

afterAll(async () => {
  await Promise.all([service?.close(), bearerService?.close()]);
});

describe('authentication', () => {
  it('refuses API requests without the key, before anything else (even unknown paths)', async () => {
    for (const path of [
      '/api/globals',
      '/api/collections/pages/entries',
      '/api/collections/nope/entries',
      '/api/blah',
    ]) {
      const response = await get(path, {});
      expect(response.status, path).toBe(401);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect(await response.json()).toEqual({ message: 'Unauthenticated.' });
    }
  });

  it('refuses a wrong key, and a right key in another header', async () => {
    expect((await get('/api/globals', { 'X-Api-Key': `${API_KEY}x` })).status).toBe(401);
    expect((await get('/api/globals', { 'X-Api-Key': '' })).status).toBe(401);
    expect((await get('/api/globals', { Authorization: `Bearer ${API_KEY}` })).status).toBe(401);
  });

  it('accepts the key whatever the case of the header name', async () => {
    expect((await get('/api/globals', { 'x-api-key': API_KEY })).status).toBe(200);
    expect((await get('/api/globals', { 'X-API-KEY': API_KEY })).status).toBe(200);
  });

  it('accepts a configured Authorization header with a bearer value', async () => {
    const call = (headers: Record<string, string>) => fetch(`${bearerService.apiUrl}/globals`, { headers });
    expect((await call({ Authorization: 'Bearer s3cret' })).status).toBe(200);
    expect((await call({ Authorization: 'Bearer wrong' })).status).toBe(401);
    expect((await call({ 'X-Api-Key': 'Bearer s3cret' })).status).toBe(401);
  });

  it('keeps asset files public, as Statamic does', async () => {
    const response = await get('/assets/animations/register-groei.json', {});
    expect(response.status).toBe(200);
  });
});

describe('not found and forbidden', () => {
  it.each([
    '/collections/unknown/entries',
    '/collections/pages/entries/not-an-id',
    '/taxonomies/unknown/terms',
    '/taxonomies/disciplines/terms/unknown',
    '/navs/unknown/tree',
    '/navs/megamenu/tree?site=fr',
    '/globals/unknown',
    '/globals?site=fr',
    '/blah',
    '/collections/pages/tree/extra/segments',
  ])('GET /api%s answers 404 {"message":"Not found."}', async (path) => {
    expect(await json(path, 404)).toEqual({ message: 'Not found.' });
  });

  it('answers an entry id under the wrong collection with 404', async () => {
    const [page] = (await json<{ data: { id: string }[] }>('/collections/pages/entries?filter[site]=default&limit=1'))
      .data;
    expect(page).toBeDefined();
    await json(`/collections/pages/entries/${page?.id}`, 200);
    expect(await json(`/collections/events/entries/${page?.id}`, 404)).toEqual({ message: 'Not found.' });
  });

  it('answers filters that are not allowed with 422, naming them in request order', async () => {
    expect(await json('/collections/pages/entries?filter[status]=draft', 422)).toEqual({
      message: 'Forbidden filter: status',
    });
    expect(
      await json('/collections/pages/entries?filter[published:is]=false&filter[site]=default&filter[secret]=x', 422),
    ).toEqual({
      message: 'Forbidden filters: published, secret',
    });
    expect(await json('/collections/pages/entries?filter[taxonomy:disciplines]=stedenbouw', 422)).toEqual({
      message: 'Forbidden filter: taxonomy:disciplines',
    });
    expect(await json('/taxonomies/disciplines/terms?filter[entries_count:gt]=1', 422)).toEqual({
      message: 'Forbidden filter: entries_count',
    });
  });

  it('checks the resource before the filters: an unknown collection is 404 even with a forbidden filter', async () => {
    await json('/collections/unknown/entries?filter[status]=draft', 404);
  });

  it('answers an empty result with 200 and no data', async () => {
    const envelope = await json<{ data: unknown[]; meta: Record<string, unknown> }>(
      '/collections/pages/entries?filter[site]=default&filter[slug]=does-not-exist',
    );
    expect(envelope.data).toEqual([]);
    expect(envelope.meta).toMatchObject({ current_page: 1, from: null, to: null, last_page: 1, total: 0 });
    expect((await json<{ data: unknown[] }>('/collections/pages/entries?filter[site]=fr')).data).toEqual([]);
  });

  it('only answers GET and HEAD', async () => {
    const post = await fetch(`${service.apiUrl}/globals`, { method: 'POST', headers: { 'X-Api-Key': API_KEY } });
    expect(post.status).toBe(405);
    const head = await fetch(`${service.apiUrl}/globals`, { method: 'HEAD', headers: { 'X-Api-Key': API_KEY } });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });
});
