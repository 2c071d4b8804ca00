import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config/config.ts';
import { SiteStartError, createSite } from '../../server/site.ts';
import { homeOnly, list, startFakeCms } from '../helpers/fake-cms.ts';
import type { FakeCms } from '../helpers/fake-cms.ts';
import { freePort } from '../helpers/free-port.ts';
import { get, openSite } from '../helpers/site.ts';
import type { Site } from '../helpers/site.ts';

// The composition root (server/site.ts): a site owns everything it starts, so two sites run side by
// side in one process, each on its own content, and a closed site leaves nothing running behind it.

/** What keeps this process's event loop alive, by kind (sockets, servers, timers). */
const activeResources = () =>
  process.getActiveResourcesInfo().reduce<Record<string, number>>((counts, kind) => {
    counts[kind] = (counts[kind] ?? 0) + 1;
    return counts;
  }, {});
/** What is alive now beyond what was alive `before`, by kind (what an earlier test closes may still go). */
const addedSince = (before: Record<string, number>) =>
  Object.fromEntries(Object.entries(activeResources()).filter(([kind, count]) => count > (before[kind] ?? 0)));

const cmsWithHome = async (heading: string) => {
  const cms = await startFakeCms();
  cms.answer = (request) => (request.url.startsWith('/api/collections/pages/') ? homeOnly(heading) : list([]));
  return cms;
};
const siteOn = (cms: FakeCms, env: Record<string, string> = {}) =>
  openSite({ CMS_API_URL: cms.apiUrl, CMS_API_KEY: 'fake-key', ...env });
const homeOf = async (site: Site) => (await get(`${site.url}/`, { Cookie: 'i18n_redirected=nl' })).text();

describe('two sites in one process', () => {
  it('each serve the content of their own CMS, from caches of their own', async () => {
    const [cmsA, cmsB] = await Promise.all([cmsWithHome('De eerste site'), cmsWithHome('De tweede site')]);
    const [a, b] = await Promise.all([siteOn(cmsA), siteOn(cmsB)]);
    try {
      expect(a.url).not.toBe(b.url);
      for (let view = 0; view < 2; view += 1) {
        const [homeA, homeB] = await Promise.all([homeOf(a), homeOf(b)]);
        expect(homeA).toContain('De eerste site');
        expect(homeA).not.toContain('De tweede site');
        expect(homeB).toContain('De tweede site');
        expect(homeB).not.toContain('De eerste site');
      }
      // Each logs its own requests only.
      expect(a.logs.filter((line) => line.includes('"url":"/"'))).toHaveLength(2);
      expect(b.logs.filter((line) => line.includes('"url":"/"'))).toHaveLength(2);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      await Promise.all([cmsA.close(), cmsB.close()]);
    }
  });
});

describe('a closed site', () => {
  it('leaves no server, socket or timer behind, with the embedded content service, metrics and security.txt on', async () => {
    const before = activeResources();
    const site = await openSite({
      METRICS_PORT: String(await freePort()),
      REVALIDATE_SECRET: 'site-test-revalidate-secret',
      SECURITY_CONTACT: 'mailto:security@example.org',
      SECURITY_TXT_EXPIRES: new Date(Date.now() + 200 * 24 * 3600 * 1000).toISOString(),
    });
    expect(await homeOf(site)).toContain('<html');
    expect(addedSince(before)).not.toEqual({});
    await site.stop();
    await expect.poll(() => addedSince(before)).toEqual({});
    await expect(fetch(`${site.url}/healthz`)).rejects.toThrow();
  });

  it('that fails to start stops what it had started, and says why', async () => {
    const before = activeResources();
    const logs: string[] = [];
    await expect(
      createSite(loadConfig({ PORT: '0', HOST: '127.0.0.1', METRICS_PORT: '0' }), {
        root: '/nonexistent-checkout',
        logTo: { write: (line: string) => void logs.push(line) },
      }),
    ).rejects.toBeInstanceOf(SiteStartError);
    expect(logs.join('')).toContain('the build in dist/ could not be loaded');
    await expect.poll(() => addedSince(before)).toEqual({});
  });
});
