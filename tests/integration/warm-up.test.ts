import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startContentService } from '../../sample-cms/service.ts';
import type { ContentService } from '../../sample-cms/service.ts';
import { startCmsProxy } from '../helpers/cms-proxy.ts';
import type { CmsProxy } from '../helpers/cms-proxy.ts';
import { CMS_KEY } from '../helpers/site-with-cms.ts';
import { get, openSite } from '../helpers/site.ts';

// A new process warms up before it says it is ready (server/render/warm-up.ts), but a CMS that does not
// answer, or answers with errors, holds it back for at most WARM_UP_LIMIT_MS and never keeps it from
// starting. What a successful warm-up renders and keeps: cold-pages.test.ts.

let service: ContentService;
let proxy: CmsProxy;
let cmsEnv: Record<string, string>;

beforeAll(async () => {
  service = await startContentService({ apiKey: CMS_KEY, previewToken: 'warm-up-preview-token' });
  proxy = await startCmsProxy(service.url);
  cmsEnv = { CMS_API_URL: proxy.apiUrl, CMS_API_KEY: CMS_KEY, CMS_URL: service.url };
});
afterAll(async () => {
  await proxy?.close();
  await service?.close();
});

const position = (logs: readonly string[], message: string) =>
  logs.findIndex((line) => line.includes(`"msg":"${message}`));

describe('the warm-up of a new process', () => {
  it('gives way after WARM_UP_LIMIT_MS to a CMS that does not answer, and says when it is over', async () => {
    const release = proxy.hold();
    const site = await openSite({ ...cmsEnv, WARM_UP_LIMIT_MS: '100' });
    try {
      expect(await (await get(`${site.url}/readyz`)).json()).toEqual({ status: 'ready' });
      expect(position(site.logs, 'the warm-up is taking long')).toBeGreaterThan(-1);
      expect(position(site.logs, 'the warm-up finished after the start')).toBe(-1);
      // Its CMS requests were still waiting: answered now, the warm-up ends after the start.
      expect(proxy.requests.length).toBeGreaterThan(0);
      release();
      await vi.waitFor(() => expect(position(site.logs, 'the warm-up finished after the start')).toBeGreaterThan(-1), {
        timeout: 15_000,
      });
      expect(position(site.logs, 'listening on')).toBeGreaterThan(position(site.logs, 'the warm-up is taking long'));
      expect(position(site.logs, 'the warm-up finished after the start')).toBeGreaterThan(
        position(site.logs, 'listening on'),
      );
      expect(position(site.logs, 'warmed up')).toBe(-1);
      // What it fetched serves the first visitor.
      const requests = proxy.requests.length;
      expect((await get(`${site.url}/`)).status).toBe(200);
      expect(proxy.requests.length).toBe(requests);
    } finally {
      release();
      await site.stop();
    }
  });

  it('starts with a warning when the CMS is down, and serves once it is back', async () => {
    proxy.down = true;
    let site;
    try {
      site = await openSite(cmsEnv);
      expect(await (await get(`${site.url}/readyz`)).json()).toEqual({ status: 'ready' });
      const warning = site.logs.find((line) => line.includes('"msg":"the warm-up rendered an error page'));
      expect(JSON.parse(warning ?? '{}').pages).toContainEqual({ path: '/', status: 500 });
      expect((await get(`${site.url}/over-ons`)).status).toBe(500);
    } finally {
      proxy.down = false;
    }
    try {
      expect((await get(`${site.url}/over-ons`)).status).toBe(200);
    } finally {
      await site.stop();
    }
  });
});
