import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CmsProxy } from '../helpers/cms-proxy.ts';
import { crawl, titleOf } from '../helpers/crawl.ts';
import { CMS_KEY, GLIDE_KEY, startSiteWithCms } from '../helpers/site-with-cms.ts';
import type { SiteWithCms } from '../helpers/site-with-cms.ts';
import { ROOT, get, openSite } from '../helpers/site.ts';
import type { Site } from '../helpers/site.ts';

// The site against the embedded sample content (no configuration), and against "another CMS": the
// same content service started on its own behind a recording proxy.

let embedded: Site;
let withCms: SiteWithCms;
let proxy: CmsProxy;
let external: Site;

beforeAll(async () => {
  [embedded, withCms] = await Promise.all([openSite(), startSiteWithCms()]);
  ({ proxy, site: external } = withCms);
});
afterAll(async () => {
  await Promise.all([embedded?.stop(), withCms?.stop()]);
});

describe('the sample site', () => {
  it('answers every page reachable from / and /en with 200 and a title of its own', async () => {
    const pages = await crawl(embedded.url, ['/', '/en']);
    expect(pages.length).toBeGreaterThan(60);
    const broken = pages
      .filter((page) => page.status !== 200)
      .map((page) => `${page.status} ${page.path} (from ${page.from})`);
    expect(broken).toEqual([]);
    const titles = new Map<string, string>();
    for (const page of pages) {
      const title = titleOf(page.html);
      expect(title, page.path).toBeTruthy();
      titles.set(page.path, title!);
      expect(page.html.match(/<h1[\s>]/g), `one h1 on ${page.path}`).toHaveLength(1);
    }
    // Pages have their own titles: only a few share one (a list page and its entry never do).
    expect(new Set(titles.values()).size).toBeGreaterThan(pages.length * 0.9);
  }, 120_000);

  it('describes each page in its head: title, canonical, alternates, Open Graph and schema.org JSON-LD', async () => {
    const html = await (await get(`${embedded.url}/en/about-us`)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<title>About us | Architects Register</title>');
    expect(head).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/en\/about-us"\/>/);
    expect(head).toMatch(/<link rel="alternate" hrefLang="nl" href="[^"]+\/over-ons"\/>/);
    expect(head).toMatch(/<meta property="og:title" content="[^"]+"\/>/);
    expect(head).toMatch(
      /<meta property="og:image" content="http:\/\/localhost:\d+\/cms\/img\/assets\/[^"]+\?w=1200&amp;h=630&amp;fit=crop&amp;fm=jpg&amp;s=[0-9a-f]{32}"\/>/,
    );

    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1];
    const graph = JSON.parse(jsonLd!) as { '@context': string; '@graph': Array<Record<string, unknown>> };
    expect(graph['@context']).toBe('https://schema.org');
    const byType = Object.fromEntries(graph['@graph'].map((node) => [node['@type'], node]));
    expect(byType.Organization).toMatchObject({
      name: expect.any(String),
      url: expect.stringMatching(/^http/),
      address: { '@type': 'PostalAddress' },
    });
    expect(byType.WebSite).toMatchObject({ url: expect.stringMatching(/\/en$/), inLanguage: 'en' });
    expect(byType.WebPage).toMatchObject({
      url: expect.stringMatching(/\/en\/about-us$/),
      name: 'About us | Architects Register',
      isPartOf: { '@id': byType.WebSite!['@id'] },
    });
  });

  it('links each page to its translation', async () => {
    const html = await (await get(`${embedded.url}/over-ons`)).text();
    expect(html).toMatch(/hrefLang="en"[^>]*href="\/en\/about-us"|href="\/en\/about-us"[^>]*hrefLang="en"/);
  });
});

describe('another Statamic-compatible CMS', () => {
  it('renders its content, with the secret header on every call and each URL asked once', async () => {
    await withCms.changeEverything();
    proxy.requests.length = 0;
    const first = await get(`${external.url}/en/about-us`);
    expect(first.status).toBe(200);
    await first.text();
    expect(proxy.requests.length).toBeGreaterThan(0);
    for (const request of proxy.requests) expect(request.headers['x-api-key']).toBe(CMS_KEY);
    const urls = proxy.requests.map((request) => request.url);
    expect(new Set(urls).size).toBe(urls.length);

    const before = proxy.requests.length;
    await (await get(`${external.url}/en/about-us`)).text();
    expect(proxy.requests.length).toBe(before);
  });

  it('keeps rendering warm pages when the CMS is down, and shows error_500 with 500 for cold ones', async () => {
    await (await get(`${external.url}/en`)).text();
    proxy.down = true;
    try {
      const warm = await get(`${external.url}/en`);
      expect(warm.status).toBe(200);
      // A news item never asked for: its lookup by slug reaches the CMS (a page from the page list the
      // site already has would still render).
      const cold = await get(`${external.url}/actualiteiten/register-telt-ruim-14-000-ingeschreven-ontwerpers`);
      expect(cold.status).toBe(500);
      const html = await cold.text();
      expect(html).toContain('Er ging iets mis bij het ophalen van deze pagina');
      expect((await get(`${external.url}/healthz`)).status).toBe(200);
    } finally {
      proxy.down = false;
    }
  });

  it("points Open Graph images at the CMS's Glide when the CMS serves them (CMS_URL), signed with its key", async () => {
    const html = await (await get(`${external.url}/en/about-us`)).text();
    const image = /<meta property="og:image" content="([^"]+)"\/>/.exec(html)![1]!.replaceAll('&amp;', '&');
    // CMS_URL is the content service's own address; the site's public URL is http://localhost:<port>.
    expect(image).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/img\/assets\/[^?]+\?w=1200&h=630&fit=crop&fm=jpg&s=[0-9a-f]{32}$/,
    );
    const answer = await get(image);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/jpeg');
  });
});

describe('secrets', () => {
  it('never put the CMS key or its Glide key into a page, a payload or a log line', async () => {
    const html = await (await get(`${external.url}/en/about-us`)).text();
    const buildId = ((await (await get(`${external.url}/_build/latest.json`)).json()) as { id: string }).id;
    const payload = await (await get(`${external.url}/en/about-us?_rsc=${buildId}`)).text();
    const bundles = readdirSync(path.join(ROOT, 'dist/client'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => readFileSync(path.join(entry.parentPath, entry.name), 'utf8'));
    for (const text of [html, payload, external.logs.join('\n'), ...bundles]) {
      expect(text).not.toContain(CMS_KEY);
      expect(text).not.toContain(GLIDE_KEY);
    }
  });
});
