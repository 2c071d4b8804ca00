import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GOOGLEBOT_USER_AGENT, WHOLE_PAGES, get, openSite } from '../helpers/site.ts';
import type { Site } from '../helpers/site.ts';

let site: Site;
beforeAll(async () => {
  site = await openSite(WHOLE_PAGES);
});
afterAll(async () => {
  await site.stop();
});

describe('pages', () => {
  it('serves the home pages of both locales as HTML with the inlined payload', async () => {
    for (const [path, lang] of [
      ['/', 'nl'],
      ['/en', 'en'],
    ] as const) {
      const response = await get(site.url + path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const html = await response.text();
      expect(html).toMatch(new RegExp(`^<!DOCTYPE html><html lang="${lang}"`));
      expect(html).toContain('<script type="application/x-flight">');
      expect(html.endsWith('</body></html>')).toBe(true);
    }
  });

  it('sends a page whose parts are all ready whole, in document order, without inline scripts', async () => {
    await (await get(`${site.url}/agenda`)).text();
    const html = await (await get(`${site.url}/agenda`)).text();
    expect(html.indexOf('block--collection-list')).toBeGreaterThan(html.indexOf('<h1'));
    expect(html.indexOf('block--collection-list')).toBeLessThan(html.indexOf('</main>'));
    expect(html).not.toMatch(/<script>[^<]*\$RC/);
    expect(html).not.toContain('<template id="B:');
  });

  it('ignores Accept-Language', async () => {
    const html = await (await get(`${site.url}/`, { 'Accept-Language': 'en-GB,en;q=0.9' })).text();
    expect(html).toContain('<html lang="nl"');
  });

  it('renders one to three slug levels and the search routes', async () => {
    for (const path of [
      '/over-ons',
      '/en/about-us/team',
      '/inschrijven/buitenlandse-architecten/erkenning-beroepskwalificaties',
      '/zoeken?q=wet',
      '/en/find-an-architect',
    ]) {
      expect((await get(site.url + path)).status, path).toBe(200);
    }
  });
});

describe('trailing slashes', () => {
  it('answers 301 to the path without the slash, keeping the query', async () => {
    const response = await get(`${site.url}/a/?q=1&b=2`);
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/a?q=1&b=2');
    expect((await get(`${site.url}/en/`)).headers.get('location')).toBe('/en');
  });

  it('never turns a path into a redirect to another host', async () => {
    const response = await get(`${site.url}//evil.example/`);
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/evil.example');
  });

  it('does not redirect the root', async () => {
    expect((await get(`${site.url}/`)).status).toBe(200);
  });
});

describe('entries that redirect', () => {
  const PORTAL = 'https://portaal.architectenregister.nl/';

  const currentBuild = async () => ((await (await get(`${site.url}/_build/latest.json`)).json()) as { id: string }).id;

  it("answer 301 to the entry they name, in either language, and a payload request to the entry's payload", async () => {
    const buildId = await currentBuild();
    for (const [path, target] of [
      ['/registreren', '/inschrijven'],
      ['/en/register', '/en/registration'],
    ] as const) {
      const response = await get(site.url + path);
      expect(response.status, path).toBe(301);
      expect(response.headers.get('location'), path).toBe(target);
      const payload = await get(`${site.url}${path}?_rsc=${buildId}`, { Accept: 'text/x-component' });
      expect(payload.status, path).toBe(301);
      expect(payload.headers.get('location'), path).toBe(`${target}?_rsc=${buildId}`);
    }
  });

  it('answer 301 to another site, and a payload request 204 with the address in X-Location', async () => {
    const buildId = await currentBuild();
    for (const path of ['/registerportaal', '/en/register-portal']) {
      const page = await get(site.url + path);
      expect(page.status, path).toBe(301);
      expect(page.headers.get('location'), path).toBe(PORTAL);
      const payload = await get(`${site.url}${path}?_rsc=${buildId}`, { Accept: 'text/x-component' });
      expect(payload.status, path).toBe(204);
      expect(payload.headers.get('x-location'), path).toBe(PORTAL);
      expect(payload.headers.get('location'), path).toBeNull();
    }
  });
});

describe('errors', () => {
  it('answers a path without a route with 404 and the error page', async () => {
    const response = await get(`${site.url}/x/y/z/w?a=1`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('<h1 lang="en">Page Not Found</h1>');
    expect(html).toContain('Page not found: /x/y/z/w?a=1');
  });

  it("answers a route's failed validation with 404 Page Not Found: {path}", async () => {
    const response = await get(`${site.url}/Hello%20World`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Page Not Found: /Hello%20World');
    expect((await get(`${site.url}/%E0%A4%A`)).status).toBe(404);
  });

  it('serves /404 with status 404', async () => {
    expect((await get(`${site.url}/404`)).status).toBe(404);
    expect((await get(`${site.url}/en/404`)).status).toBe(404);
  });

  it('gives bots the status and a minimal body, not the error page', async () => {
    const response = await get(`${site.url}/x/y/z/w`, { 'User-Agent': GOOGLEBOT_USER_AGENT });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const body = await response.text();
    expect(body).toBe('Page not found: /x/y/z/w\n');
  });

  it('escapes the requested path on the error page', async () => {
    const html = await (await get(`${site.url}/a/b/c/d?<script>alert(1)</script>`)).text();
    expect(html).not.toContain('<script>alert(1)</script>');
  });

  it('answers other methods with 405', async () => {
    const response = await fetch(`${site.url}/`, { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('locale cookie', () => {
  it('is never set by a page, a first view included, so that every view is the same bytes for everyone', async () => {
    const views = await Promise.all([
      get(`${site.url}/en`),
      get(`${site.url}/en`, { Cookie: 'i18n_redirected=nl' }),
      get(`${site.url}/en`, { Cookie: 'i18n_redirected=en' }),
      get(`${site.url}/`, { Cookie: 'i18n_redirected=en' }),
    ]);
    for (const view of views) {
      expect(view.headers.get('set-cookie')).toBeNull();
      expect(view.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=3600');
    }
    const [first, ...others] = await Promise.all(views.slice(0, 3).map((view) => view.text()));
    // The same page whoever asks (but for a fresh render's nonce).
    const withoutNonce = (html: string) => html.replace(/ nonce="[^"]+"/g, '');
    for (const other of others) expect(withoutNonce(other)).toBe(withoutNonce(first!));
  });
});

/** A GET with the path exactly as written: fetch would resolve its dot segments before sending. */
const getAsIs = (path: string) =>
  new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
    const { hostname, port } = new URL(site.url);
    request({ hostname, port, path }, (response) => {
      let body = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode!, type: String(response.headers['content-type']), body }),
      );
    })
      .on('error', reject)
      .end();
  });

describe('media route', () => {
  it("serves the embedded service's images and files", async () => {
    // A Glide URL as a page names it: signed with the key the site shares with the service.
    const html = (await getAsIs('/')).body;
    const glideUrl = /<img\b[^>]*\ssrc="(\/cms\/img\/[^"]+)"/.exec(html)![1]!.replaceAll('&amp;', '&');
    const image = await getAsIs(glideUrl);
    expect(image.status).toBe(200);
    expect(image.type).toBe('image/webp');
    expect(image.body.startsWith('RIFF')).toBe(true);
    expect(await getAsIs('/cms/assets/images/hero/home.jpg')).toMatchObject({ status: 200, type: 'image/jpeg' });
  });

  it('forwards nothing outside the image and file folders, however the path is spelt', async () => {
    const api = '/api/collections/pages/entries';
    for (const path of [
      `/cms/img/..${api}`,
      `/cms/img/%2e%2e${api}`,
      `/cms/assets/.%2E${api}`,
      `/cms/img/..%2f..${api}`,
      `/cms/img\\..\\..${api}`,
      `/cms${api}`,
      `/cms//127.0.0.1/img/x.jpg/..${api}`,
    ]) {
      const answer = await getAsIs(path);
      expect(answer, path).toMatchObject({ status: 404, type: expect.stringMatching(/^text\/plain/) });
      expect(answer.body).toBe('404 Not Found\n');
    }
    // Each refusal is the proxy's own, logged before any request upstream would be made.
    await expect
      .poll(() => site.logs.filter((line) => line.includes('media request outside the media folders')).length)
      .toBe(7);
  });
});

describe('operations', () => {
  it('answers liveness, health and readiness', async () => {
    expect(await (await get(`${site.url}/livez`)).json()).toEqual({ status: 'ok' });
    expect(await (await get(`${site.url}/healthz`)).json()).toEqual({ status: 'ok' });
    expect(await (await get(`${site.url}/readyz`)).json()).toEqual({ status: 'ready' });
  });

  it('serves hashed assets with immutable caching and 404 for missing ones', async () => {
    const html = await (await get(`${site.url}/`)).text();
    const script = /src="(\/assets\/main\.[0-9a-f]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await get(site.url + script);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await get(`${site.url}/assets/main.missing.js`)).status).toBe(404);
  });

  it('carries a request id, taking a sane one from the proxy', async () => {
    expect((await get(`${site.url}/`)).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const forwarded = await get(`${site.url}/`, { 'X-Request-Id': 'proxy-123' });
    expect(forwarded.headers.get('x-request-id')).toBe('proxy-123');
  });

  it('writes structured logs with the request id and without cookies', async () => {
    const response = await get(`${site.url}/en?token=secret-preview-token`, {
      Cookie: 'session=private',
      'X-Request-Id': 'log-check-1',
    });
    await response.text();
    const line = await vi.waitUntil(() => site.logs.find((entry) => entry.includes('log-check-1')), {
      timeout: 15_000,
    });
    const record = JSON.parse(line) as { req: { url: string }; res: { statusCode: number } };
    expect(record.res.statusCode).toBe(200);
    expect(record.req.url).toBe('/en?token=[redacted]');
    expect(site.logs.join('\n')).not.toContain('private');
    expect(site.logs.join('\n')).not.toContain('secret-preview-token');
  });
});
