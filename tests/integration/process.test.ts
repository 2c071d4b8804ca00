import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { startSiteWithCms } from '../helpers/site-with-cms.ts';
import { BROWSER_USER_AGENT, DUTCH, spawnSite, startSite, viewUntilCached } from '../helpers/site.ts';

describe('configuration', () => {
  it.each([
    ['PORT', 'abc'],
    ['CMS_API_URL', 'not-a-url'],
    ['LOG_LEVEL', 'loud'],
    ['REDIS_URL', 'http://redis:6379'],
    ['REDIS_LOCK_WAIT_MS', 'soon'],
    ['REVALIDATE_SECRET', 'short'],
  ])('stops the start when %s=%s, with a line naming it', async (variable, value) => {
    const site = spawnSite({ [variable]: value });
    expect(await site.exited).not.toBe(0);
    const { logs } = site;
    expect(logs[0]).toMatch(new RegExp(`^Invalid configuration: ${variable} `));
    // Besides it only what else is missing (the key a CMS_API_URL needs), never a stack trace.
    for (const line of logs) expect(line).toMatch(/^Invalid configuration: [A-Z_]+ /);
    // Secrets, and URLs that may hold a password, are not echoed.
    if (/SECRET|REDIS_URL/.test(variable)) expect(logs[0]).not.toContain(value);
  });

  it('names every problem of the start at once on stderr, a line each, and exits 1 without a stack trace', async () => {
    const site = spawnSite(
      {
        PAGE_CACHE_MB: 'lots',
        LOG_LEVEL: 'loud',
        TRUST_PROXY: '1.5',
        // Blank: unset, no problem (and no port 0).
        METRICS_PORT: ' ',
        CMS_API_URL: 'https://cms.example.org/api',
      },
      undefined,
      undefined,
      'pipe',
    );
    let stdout = '';
    site.child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    expect(await site.exited).toBe(1);
    expect(stdout).toBe('');
    expect(site.logs).toEqual([
      'Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
      'Invalid configuration: PAGE_CACHE_MB must be a number of megabytes (0 turns the cache off) (got "lots")',
      'Invalid configuration: TRUST_PROXY must be a whole number of proxies (0 or more) (got "1.5")',
      'Invalid configuration: CMS_API_KEY is required when CMS_API_URL is set',
    ]);
  });

  it('starts with a page cache of a fraction of a megabyte, and keeps pages in it', async () => {
    const site = await startSite({ PAGE_CACHE_MB: '0.3' });
    try {
      const { response } = await viewUntilCached(`${site.url}/over-ons`, DUTCH);
      expect(response.status).toBe(200);
      expect(site.logs.filter((line) => /"level":(50|60)|TypeError/.test(line))).toEqual([]);
    } finally {
      await site.stop();
    }
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
