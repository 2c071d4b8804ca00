import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entryId } from '../../sample-cms/content/store.ts';
import { startSiteWithCms } from '../helpers/site-with-cms.ts';
import type { SiteWithCms } from '../helpers/site-with-cms.ts';
import { get } from '../helpers/site.ts';

// Previews of a draft page of the sample content, through a CMS whose requests are recorded, for a
// control panel at two origins of its own (PREVIEW_FRAME_ANCESTORS), on a site with analytics.

const TOKEN = 'integration-preview-token';
const CONTROL_PANELS = 'https://cp.example.nl, https://cms.example.nl:8443/';
const MATOMO = 'https://stats.example.nl';
const draft = entryId('nieuw-registerportaal', 'default');
const previewPath = `/cms-preview/pages/${draft}`;
let withCms: SiteWithCms;

beforeAll(async () => {
  withCms = await startSiteWithCms({ PREVIEW_FRAME_ANCESTORS: CONTROL_PANELS, MATOMO_URL: MATOMO });
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
      expect(response.headers.get('content-security-policy')).toMatch(
        /; frame-ancestors https:\/\/cp\.example\.nl https:\/\/cms\.example\.nl:8443$/,
      );
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      const html = await response.text();
      expect(html).toMatch(/<h1[^>]*>Nieuw registerportaal<\/h1>/);
      // No page view: the tracker is not even on the page.
      expect(html).not.toContain(MATOMO);
      expect(entryCalls()).toHaveLength(attempt);
    }
    expect(entryCalls()[0]?.url).toBe(`/api/collections/pages/entries/${draft}?token=${TOKEN}`);
  });

  it("are in the entry's own language, whatever the path", async () => {
    const english = await get(`${withCms.site.url}/cms-preview/pages/${entryId('over-ons', 'en')}?token=${TOKEN}`);
    expect(english.status).toBe(200);
    const englishHtml = await english.text();
    expect(englishHtml).toMatch(/^<!DOCTYPE html><html lang="en"/);
    expect(englishHtml).toMatch(/<h1[^>]*>About us<\/h1>/);
    expect(englishHtml).toContain('href="/en/news"');

    const dutch = await get(
      `${withCms.site.url}/en/cms-preview/pages/${entryId('over-ons', 'default')}?token=${TOKEN}`,
    );
    expect(dutch.status).toBe(200);
    const dutchHtml = await dutch.text();
    expect(dutchHtml).toMatch(/^<!DOCTYPE html><html lang="nl"/);
    expect(dutchHtml).toMatch(/<h1[^>]*>Over ons<\/h1>/);
  });

  it('leave analytics and framing of public pages as they were', async () => {
    const page = await get(`${withCms.site.url}/over-ons`, { Cookie: 'i18n_redirected=nl' });
    expect(await page.text()).toContain(MATOMO);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
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
    const response = await get(
      `${withCms.site.url}/en/cms-preview/actualities/${entryId('nieuw-registerportaal', 'en')}?token=${TOKEN}`,
    );
    expect(response.status).toBe(404);
    expect(response.headers.get('x-robots-tag')).toBe('noindex');
  });
});
