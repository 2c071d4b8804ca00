import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOGLEBOT_USER_AGENT, get, openSite } from '../helpers/site.ts';
import type { Site } from '../helpers/site.ts';

// The site search over the sample content: the JSON endpoint of the overlay and the search pages.

let site: Site;
beforeAll(async () => {
  site = await openSite();
});
afterAll(async () => {
  await site.stop();
});

const json = async (path: string) => {
  const response = await get(site.url + path);
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
};

describe('GET /api/search', () => {
  it('answers the best matches of a language with counts per type', async () => {
    const { status, headers, body } = await json('/api/search?q=klacht&locale=nl&perPage=3');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/^application\/json/);
    expect(body).toMatchObject({
      query: 'klacht',
      page: 1,
      perPage: 3,
      counts: expect.objectContaining({ pages: expect.any(Number) }),
    });
    const hits = body.hits as Array<{ url: string; type: string }>;
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.length).toBeLessThanOrEqual(3);
    const english = await json('/api/search?q=complaint&locale=en');
    expect((english.body.hits as Array<{ url: string }>)[0]?.url).toMatch(/^\/en\//);
  });

  it('answers 400 with a message for malformed or unknown parameters', async () => {
    for (const [query, message] of [
      ['q=a&locale=de', 'locale must be nl or en'],
      ['q=a&perPage=100000', 'perPage must be a whole number from 1 to 50'],
      ['q=a&page=-1', 'page must be a whole number from 1 to 1000'],
      ['q=a&q=b', 'q may be given only once'],
      ['q=a&sort=title', 'Unknown parameter: sort'],
      [`q=${'x'.repeat(2001)}`, 'q must be at most 2000 characters'],
    ]) {
      const { status, body } = await json(`/api/search?${query}`);
      expect(status, query).toBe(400);
      expect(body, query).toEqual({ error: message });
    }
  });

  it('answers an empty query with no results', async () => {
    expect((await json('/api/search?q=%20')).body).toMatchObject({ query: '', total: 0, hits: [] });
  });
});

describe('search pages', () => {
  it('render the results of the URL on the server, marked, and keep the query on the language switch', async () => {
    const response = await get(`${site.url}/zoeken?q=klacht`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<mark>[^<]*[Kk]lacht/);
    expect(html).toContain('value="klacht"');
    expect(html).toContain('href="/en/search?q=klacht"');
    // Indexed as the search page itself: every query folds into one canonical URL.
    expect(html).not.toContain('name="robots"');
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/zoeken"\/>/);
    expect(html).toMatch(/<link rel="alternate" hrefLang="en" href="http:\/\/localhost:\d+\/en\/search"\/>/);
  });

  it('show a malformed query as text, never as markup', async () => {
    const html = await (await get(`${site.url}/zoeken?q=${encodeURIComponent('"><script>alert(1)</script>')}`)).text();
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('answer 400 for a malformed filter, with the form to try again', async () => {
    const response = await get(`${site.url}/zoeken?q=wet&type=people`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('name="q"');
    const bot = await get(`${site.url}/zoeken?q=wet&type=people`, { 'User-Agent': GOOGLEBOT_USER_AGENT });
    expect(bot.status).toBe(400);
  });

  it('cut a query of 1,000 characters to what is searched', async () => {
    const response = await get(`${site.url}/zoeken?q=${'register '.repeat(111)}`);
    expect(response.status).toBe(200);
  });
});
