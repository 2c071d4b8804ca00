import { randomBytes } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/free-port.ts';
import { entryId } from '../../sample-cms/content/store.ts';
import { startContentService } from '../../sample-cms/service.ts';
import type { ContentService } from '../../sample-cms/service.ts';
import { crawl } from '../helpers/crawl.ts';
import { ROOT, get, startSite } from '../helpers/site.ts';
import type { RunningSite } from '../helpers/site.ts';

// With a random CMS key and webhook secret, nothing the site sends or writes holds either: no page of a
// crawl of both languages, no RSC payload, no built asset, no log line, no metric. Nor a preview token.

const CMS_KEY = `cms-${randomBytes(16).toString('hex')}`;
const SECRET = `hook-${randomBytes(16).toString('hex')}`;
const PREVIEW_TOKEN = `preview-${randomBytes(16).toString('hex')}`;
let service: ContentService;
let site: RunningSite;
let metricsUrl: string;

beforeAll(async () => {
  service = await startContentService({ apiKey: CMS_KEY, previewToken: PREVIEW_TOKEN });
  const metricsPort = await freePort();
  site = await startSite({
    CMS_API_URL: service.apiUrl,
    CMS_API_KEY: CMS_KEY,
    CMS_URL: service.url,
    REVALIDATE_SECRET: SECRET,
    METRICS_PORT: String(metricsPort),
    LOG_LEVEL: 'debug',
  });
  metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
});
afterAll(async () => {
  await site.stop();
  await service.close();
});

const expectNoSecret = (text: string, where: string) => {
  expect(text.includes(CMS_KEY), `the CMS key in ${where}`).toBe(false);
  expect(text.includes(SECRET), `the webhook secret in ${where}`).toBe(false);
};

describe('a preview token', () => {
  it('is in no log line, metric or page it answers', async () => {
    const preview = `${site.url}/cms-preview/pages/${entryId('over-ons', 'default')}?token=${PREVIEW_TOKEN}`;
    const buildId = ((await (await get(`${site.url}/_build/latest.json`)).json()) as { id: string }).id;
    for (const url of [preview, `${preview}&_rsc=${buildId}`]) {
      const response = await get(url);
      expect(response.status, url).toBe(200);
      expect((await response.text()).includes(PREVIEW_TOKEN), url).toBe(false);
    }
    expect(site.logs.join('\n')).toContain('/cms-preview/pages/');
    expect(site.logs.join('\n').includes(PREVIEW_TOKEN)).toBe(false);
    expect((await (await fetch(metricsUrl)).text()).includes(PREVIEW_TOKEN)).toBe(false);
  });
});

describe('the CMS key and the webhook secret', () => {
  it('are in no page, payload, asset, log line or metric', { timeout: 120_000 }, async () => {
    // The webhook used rightly and wrongly, and a CMS failure, so that their log lines exist too.
    for (const authorization of [`Bearer ${SECRET}`, `Bearer ${SECRET}x`, SECRET]) {
      await fetch(`${site.url}/api/revalidate`, {
        method: 'POST',
        headers: { Authorization: authorization },
        body: JSON.stringify({ type: 'everything' }),
      });
    }
    await get(`${site.url}/cms-preview/pages/no-such-id?token=nope`);

    const pages = await crawl(site.url, ['/', '/en'], 400);
    expect(pages.length).toBeGreaterThan(100);
    const buildId = ((await (await get(`${site.url}/_build/latest.json`)).json()) as { id: string }).id;
    for (const page of pages) {
      expectNoSecret(page.html, page.path);
      if (page.status !== 200) continue;
      const separator = page.path.includes('?') ? '&' : '?';
      expectNoSecret(
        await (await get(`${site.url}${page.path}${separator}_rsc=${buildId}`)).text(),
        `the payload of ${page.path}`,
      );
    }
    for (const file of readdirSync(path.join(ROOT, 'dist/client'), { recursive: true, withFileTypes: true })) {
      if (file.isFile()) expectNoSecret(readFileSync(path.join(file.parentPath, file.name), 'utf8'), file.name);
    }
    expectNoSecret(site.logs.join('\n'), 'the log');
    expectNoSecret(await (await fetch(metricsUrl)).text(), 'the metrics');
  });
});
