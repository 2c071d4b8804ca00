import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { startSiteWithCms } from '../helpers/site-with-cms.ts';
import { BROWSER_USER_AGENT, spawnSite, startSite } from '../helpers/site.ts';

describe('configuration', () => {
  it.each([
    ['PORT', 'abc'],
    ['CMS_API_URL', 'not-a-url'],
    ['LOG_LEVEL', 'loud'],
    ['REDIS_URL', 'http://redis:6379'],
    ['REDIS_LOCK_WAIT_MS', 'soon'],
    ['REVALIDATE_SECRET', 'short'],
  ])('stops the start when %s=%s, with one line naming it', async (variable, value) => {
    const site = spawnSite({ [variable]: value });
    expect(await site.exited).not.toBe(0);
    const { logs } = site;
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatch(new RegExp(`^Invalid configuration: ${variable} `));
    // Secrets, and URLs that may hold a password, are not echoed.
    if (/SECRET|REDIS_URL/.test(variable)) expect(logs[0]).not.toContain(value);
  });

  it('requires the CMS key with a CMS URL, and never prints it', async () => {
    const site = spawnSite({ CMS_API_URL: 'https://cms.example.org/api' });
    expect(await site.exited).not.toBe(0);
    expect(site.logs).toEqual(['Invalid configuration: CMS_API_KEY is required when CMS_API_URL is set']);
  });
});

describe('graceful shutdown', () => {
  it('lets a streamed response finish after SIGTERM, refuses new connections, then exits 0', async () => {
    const { site, proxy, stop } = await startSiteWithCms({}, startSite);
    try {
      // A slow CMS keeps the page's lists streaming while the signal arrives.
      proxy.latencyMs = 200;
      const body = await new Promise<string>((resolve, reject) => {
        http
          .get(`${site.url}/agenda`, { headers: { 'User-Agent': BROWSER_USER_AGENT } }, (response) => {
            let text = '';
            response.on('data', (chunk: Buffer) => {
              // The shell is here, the slow part is still rendering: now ask the process to stop.
              if (!text) site.child.kill('SIGTERM');
              text += chunk.toString();
            });
            response.on('end', () => resolve(text));
            response.on('error', reject);
          })
          .on('error', reject);
      });
      expect(body).toContain('block--collection-list');
      expect(body.endsWith('</body></html>')).toBe(true);
      expect(await site.exited).toBe(0);
      await expect(fetch(`${site.url}/healthz`)).rejects.toThrow();
    } finally {
      await stop();
    }
  });
});
