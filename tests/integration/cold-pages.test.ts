import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sequentialRounds } from '../helpers/cms-proxy.ts';
import { startSiteWithCms } from '../helpers/site-with-cms.ts';
import type { SiteWithCms } from '../helpers/site-with-cms.ts';
import { get } from '../helpers/site.ts';
import { TEMPLATE_PATHS } from '../helpers/template-paths.ts';

// What a page waits for when the CMS answers are not kept: a new process warms up before it says it is
// ready, and every template asks for all it shows in one round of CMS requests.

let withCms: SiteWithCms;

beforeAll(async () => {
  withCms = await startSiteWithCms();
});
afterAll(async () => {
  await withCms?.stop();
});

describe('a new process', () => {
  it('warms up before it says it is ready: the home pages are rendered once, and what every page reads is kept', async () => {
    const { site, proxy } = withCms;
    expect(site.logs.some((line) => line.includes('"msg":"warmed up: the home pages rendered once"'))).toBe(true);
    expect(await (await get(`${site.url}/readyz`)).json()).toEqual({ status: 'ready' });
    // Not kept as pages: the first view of a home page is rendered for its visitor.
    expect((await get(`${site.url}/en`)).headers.get('etag')).toBeNull();
    proxy.down = true;
    try {
      // A page of the page list and a list page need nothing more from the CMS; an entry found by its
      // slug does (so the CMS being down is seen).
      const page = await get(`${site.url}/over-ons`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<h1');
      expect((await get(`${site.url}/en/news`)).status).toBe(200);
      expect((await get(`${site.url}/actualiteiten/register-telt-ruim-14-000-ingeschreven-ontwerpers`)).status).toBe(
        500,
      );
    } finally {
      proxy.down = false;
    }
  });
});

describe('with no CMS answer kept (after a change to everything)', () => {
  it.each(Object.values(TEMPLATE_PATHS))('%s asks for all it shows in one round of CMS requests', async (path) => {
    const { site, proxy } = withCms;
    await withCms.changeEverything();
    proxy.requests.length = 0;
    // Far longer than the site takes to send a round's requests, even on a busy machine: a request
    // counts as a later round only when it truly waited for an answer.
    proxy.latencyMs = 300;
    try {
      const response = await get(site.url + path);
      expect(response.status).toBe(200);
      await response.text();
    } finally {
      proxy.latencyMs = 0;
    }
    expect(proxy.requests.length).toBeGreaterThan(0);
    expect(sequentialRounds(proxy.requests)).toBe(1);
  });
});
