import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { crawl } from '../helpers/crawl.ts';
import { ROOT, get, openSite } from '../helpers/site.ts';
import type { Site } from '../helpers/site.ts';

// /robots.txt and /sitemap.xml, with absolute URLs from PUBLIC_URL.

const PUBLIC_URL = 'https://www.architectenregister.example';
let site: Site;
let sitemap: string;
beforeAll(async () => {
  site = await openSite({ PUBLIC_URL });
  sitemap = await (await get(`${site.url}/sitemap.xml`)).text();
});
afterAll(async () => {
  await site.stop();
});

interface SitemapUrl {
  loc: string;
  lastmod: string | null;
  alternates: Record<string, string>;
}

const urls = (xml: string): SitemapUrl[] =>
  [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, body]) => ({
    loc: /<loc>([^<]+)<\/loc>/.exec(body!)![1]!,
    lastmod: /<lastmod>([^<]+)<\/lastmod>/.exec(body!)?.[1] ?? null,
    alternates: Object.fromEntries(
      [...body!.matchAll(/<xhtml:link rel="alternate" hreflang="(\w+)" href="([^"]+)"\/>/g)].map(([, lang, href]) => [
        lang,
        href,
      ]),
    ),
  }));

describe('robots.txt', () => {
  it('keeps crawlers out of previews and the APIs and names the sitemap', async () => {
    const response = await get(`${site.url}/robots.txt`);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await response.text();
    for (const line of [
      'User-agent: *',
      'Disallow: /cms-preview/',
      'Disallow: /en/cms-preview/',
      'Disallow: /api/',
      `Sitemap: ${PUBLIC_URL}/sitemap.xml`,
    ]) {
      expect(text.split('\n')).toContain(line);
    }
  });
});

const fixture = (name: string) => ({
  fileName: name,
  contents: readFileSync(path.join(ROOT, 'tests/fixtures', name), 'utf8'),
});

describe('sitemap.xml', () => {
  it('validates against the sitemap schema, its alternates against the xhtml:link schema', async () => {
    const result = await validateXML({
      xml: { fileName: 'sitemap.xml', contents: sitemap },
      schema: fixture('sitemap.xsd'),
      preload: fixture('xhtml-link.xsd'),
    });
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    const broken = sitemap.replace('<lastmod>', '<lastmod>yesterday').replace('hreflang="en"', 'hreflang="english"');
    const rejected = await validateXML({
      xml: { fileName: 'sitemap.xml', contents: broken },
      schema: fixture('sitemap.xsd'),
      preload: fixture('xhtml-link.xsd'),
    });
    expect(rejected.valid).toBe(false);
    expect(rejected.errors.length).toBe(2);
  });

  it('is a sitemap of absolute URLs with W3C dates', () => {
    expect(
      sitemap.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
      ),
    ).toBe(true);
    expect(sitemap.trim().endsWith('</urlset>')).toBe(true);
    // Every element closed, nothing outside a <url> but the frame.
    expect(sitemap.match(/<url>/g)?.length).toBe(sitemap.match(/<\/url>/g)?.length);
    const all = urls(sitemap);
    expect(all.length).toBeGreaterThan(150);
    expect(all.length).toBeLessThanOrEqual(50_000);
    expect(new Set(all.map((url) => url.loc)).size).toBe(all.length);
    for (const { loc, lastmod } of all) {
      expect(loc.startsWith(`${PUBLIC_URL}/`) || loc === PUBLIC_URL).toBe(true);
      if (lastmod) expect(lastmod).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it('gives each translated entry both languages as alternates, both ways', () => {
    const byLoc = new Map(urls(sitemap).map((url) => [url.loc, url]));
    expect(byLoc.get(`${PUBLIC_URL}/over-ons`)?.alternates).toEqual({
      nl: `${PUBLIC_URL}/over-ons`,
      en: `${PUBLIC_URL}/en/about-us`,
    });
    for (const url of byLoc.values()) {
      for (const href of Object.values(url.alternates)) {
        expect(byLoc.get(href)?.alternates, href).toEqual(url.alternates);
      }
    }
  });

  it('lists every public page of a crawl of the site', async () => {
    const listed = new Set(urls(sitemap).map((url) => new URL(url.loc).pathname));
    const pages = await crawl(site.url, ['/', '/en']);
    const publicPages = pages.filter(
      (page) => page.status === 200 && !page.path.includes('?') && !/^\/(en\/)?(zoeken|search)$/.test(page.path),
    );
    expect(publicPages.length).toBeGreaterThan(100);
    expect(publicPages.map((page) => page.path).filter((path) => !listed.has(path))).toEqual([]);
    // Every public page of the sample site rendered once, cold: long on a busy machine.
  }, 240_000);
});
