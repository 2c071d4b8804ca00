import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSiteWithCms } from '../helpers/site-with-cms.ts';
import type { SiteWithCms } from '../helpers/site-with-cms.ts';
import { ROOT, get, openSite, viewUntilCached } from '../helpers/site.ts';
import type { Site } from '../helpers/site.ts';

// The security headers on every kind of response, and a Content Security Policy that holds for pages
// from the page cache: hashes of their inline scripts, no nonce. A slow CMS with HTML_IN_ORDER_WAIT_MS=0
// (slower still for lists, and nothing kept) makes a page stream its Suspense parts, so that React
// writes inline scripts.

const NL = { Cookie: 'i18n_redirected=nl' };
let site: Site;
let slow: SiteWithCms;
let streaming: Site;

beforeAll(async () => {
  [site, slow] = await Promise.all([
    openSite({ REVALIDATE_SECRET: 'security-test-secret-0123' }),
    startSiteWithCms({ HTML_IN_ORDER_WAIT_MS: '0' }),
  ]);
  streaming = slow.site;
  slow.proxy.latencyMs = 100;
  slow.proxy.slower = { match: /&sort=/, latencyMs: 400 };
});
afterAll(async () => {
  await Promise.all([site.stop(), slow.stop()]);
});

const EXPECTED = {
  'strict-transport-security': /^max-age=\d{8,}; includeSubDomains/,
  'x-content-type-options': /^nosniff$/,
  'referrer-policy': /^strict-origin-when-cross-origin$/,
  'permissions-policy': /camera=\(\).*geolocation=\(\).*microphone=\(\)/,
  'cross-origin-opener-policy': /^same-origin$/,
  'content-security-policy': /object-src 'none'.*base-uri 'none'/,
};

const expectSecurityHeaders = (response: Response, what: string) => {
  for (const [name, pattern] of Object.entries(EXPECTED))
    expect(response.headers.get(name) ?? '', `${name} of ${what}`).toMatch(pattern);
  expect(response.headers.get('x-powered-by'), what).toBeNull();
  const policy = response.headers.get('content-security-policy')!;
  const scripts = /script-src ([^;]*)/.exec(policy)![1]!;
  expect(scripts, what).not.toMatch(/unsafe-inline|unsafe-eval/);
  return policy;
};

describe('security headers', () => {
  it('are on every kind of response', async () => {
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(await (await get(`${site.url}/`, NL)).text())![1]!;
    const requests: Array<[string, Promise<Response>]> = [
      ['a page from the cache', viewUntilCached(`${site.url}/over-ons`, NL).then(({ response }) => response)],
      [
        'a payload',
        get(
          `${site.url}/over-ons?_rsc=${((await (await fetch(`${site.url}/_build/latest.json`)).json()) as { id: string }).id}`,
        ),
      ],
      ['an asset', get(site.url + asset)],
      ['the architects API', get(`${site.url}/api/architects?searchTerm=dudok`)],
      ['the search API', get(`${site.url}/api/search?q=klacht&locale=nl`)],
      ['a 404 page', get(`${site.url}/bestaat-niet`, NL)],
      ['a redirect', get(`${site.url}/over-ons/`)],
      ['robots.txt', get(`${site.url}/robots.txt`)],
      ['the sitemap', get(`${site.url}/sitemap.xml`)],
      ['the health check', get(`${site.url}/healthz`)],
      ['a refused webhook', fetch(`${site.url}/api/revalidate`, { method: 'POST', body: '{}' })],
      ['a wrong method', fetch(`${site.url}/over-ons`, { method: 'DELETE' })],
    ];
    for (const [what, pending] of requests) expectSecurityHeaders(await pending, what);
  });

  it('frame nothing but previews, which the CMS may frame, and previews send no referrer', async () => {
    const page = await get(`${site.url}/over-ons`, NL);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    const preview = await get(
      `${site.url}/cms-preview/pages/d8334c4e-0eec-54c4-abfa-d9492a9880b0?token=development-preview-token`,
      NL,
    );
    expect(preview.status).toBe(200);
    // Without PREVIEW_FRAME_ANCESTORS: the origin of the CMS API, here the embedded service's.
    expect(preview.headers.get('content-security-policy')).toMatch(/; frame-ancestors http:\/\/127\.0\.0\.1:\d+$/);
    expect(preview.headers.get('x-frame-options')).toBeNull();
    // Its address holds the token: not for the CMS's images nor any other site.
    expect(preview.headers.get('referrer-policy')).toBe('no-referrer');
  });
});

describe('a page with inline scripts', () => {
  const inlineScripts = (html: string) =>
    [...html.matchAll(/<script(?![^>]*\b(?:src|type)=)([^>]*)>/g)].map(([, attributes]) => attributes!);

  it('names them by a nonce when rendered, and by their hashes, without a nonce, from the cache', async () => {
    await slow.changeEverything();
    const fresh = await get(`${streaming.url}/actualiteiten`, NL);
    const freshHtml = await fresh.text();
    const nonce = /'nonce-([^']+)'/.exec(fresh.headers.get('content-security-policy')!)![1]!;
    const freshScripts = inlineScripts(freshHtml);
    expect(freshScripts.length).toBeGreaterThan(0);
    for (const attributes of freshScripts) expect(attributes).toContain(`nonce="${nonce}"`);

    // The streamed copy is compressed and kept behind the response; a request before that would render
    // the page again, whole this time (its CMS answers are cached), and keep that copy instead.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const { response, body } = await viewUntilCached(`${streaming.url}/actualiteiten`, NL);
    const policy = expectSecurityHeaders(response, 'a cached page');
    expect(policy).not.toContain("'nonce-");
    expect(body).not.toContain('nonce=');
    const hashes = [...policy.matchAll(/'sha256-([^']+)'/g)].map(([, hash]) => hash);
    const scripts = [...body.matchAll(/<script(?![^>]*\b(?:src|type)=)[^>]*>([\s\S]*?)<\/script>/g)].map(
      ([, content]) => content!,
    );
    expect(scripts.length).toBeGreaterThan(0);
    const { createHash } = await import('node:crypto');
    for (const content of scripts) expect(hashes).toContain(createHash('sha256').update(content).digest('base64'));
    // The same policy, body and ETag for every copy: nothing per response.
    const again = await get(`${streaming.url}/actualiteiten`, NL);
    expect(again.headers.get('content-security-policy')).toBe(policy);
    expect(again.headers.get('etag')).toBe(response.headers.get('etag'));
  });
});

describe('the client bundles', () => {
  it('evaluate no strings as code, so that the policy needs no unsafe-eval (lottie-web in its light build)', () => {
    const directory = path.join(ROOT, 'dist/client');
    const scripts = readdirSync(directory).filter((file) => file.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(5);
    for (const file of scripts)
      expect(readFileSync(path.join(directory, file), 'utf8'), file).not.toMatch(/\beval\(|new Function\(/);
  });
});
