import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entryId } from '../../server/content-service/content/store.ts';
import { startSiteWithCms } from '../helpers/site-with-cms.ts';
import type { SiteWithCms } from '../helpers/site-with-cms.ts';
import { get } from '../helpers/site.ts';

// Previews of a draft page of the sample content, through a CMS whose requests are recorded.

const TOKEN = 'integration-preview-token';
const draft = entryId('nieuw-registerportaal', 'default');
const previewPath = `/cms-preview/pages/${draft}`;
let withCms: SiteWithCms;

beforeAll(async () => {
  withCms = await startSiteWithCms();
});
afterAll(async () => {
  await withCms.stop();
});

const entryCalls = () => withCms.proxy.requests.filter((request) => request.url.includes(`/entries/${draft}`));

describe('previews', () => {
  it('show a draft with the token, fresh each time, never cached or indexed', async () => {
    for (const attempt of [1, 2]) {
      const response = await get(`${withCms.site.url}${previewPath}?token=${TOKEN}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('x-robots-tag')).toBe('noindex');
      expect(response.headers.get('content-security-policy')).toMatch(/; frame-ancestors http:\/\/127\.0\.0\.1:\d+$/);
      expect(await response.text()).toMatch(/<h1[^>]*>Nieuw registerportaal<\/h1>/);
      expect(entryCalls()).toHaveLength(attempt);
    }
    expect(entryCalls()[0]?.url).toBe(`/api/collections/pages/entries/${draft}?token=${TOKEN}`);
  });

  it('keep the draft hidden from the public route and with a wrong token', async () => {
    expect((await get(`${withCms.site.url}/nieuw-registerportaal`)).status).toBe(404);
    const wrong = await get(`${withCms.site.url}${previewPath}?token=wrong-token`);
    expect(wrong.status).toBe(404);
    expect(await wrong.text()).not.toMatch(/<h1[^>]*>Nieuw registerportaal<\/h1>/);
  });

  it('answer 404 without a token and ask the CMS nothing', async () => {
    withCms.proxy.requests.length = 0;
    const response = await get(`${withCms.site.url}${previewPath}`);
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(withCms.proxy.requests).toEqual([]);
  });

  it('exist for every collection and under /en', async () => {
    const response = await get(`${withCms.site.url}/en/cms-preview/actualities/${entryId('nieuw-registerportaal', 'en')}?token=${TOKEN}`);
    expect(response.status).toBe(404);
    expect(response.headers.get('x-robots-tag')).toBe('noindex');
  });
});
