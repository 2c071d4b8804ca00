import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revalidate } from '../helpers/revalidate.ts';
import { get, openSite, viewUntilCached, WHOLE_PAGES } from '../helpers/site.ts';
import type { Site } from '../helpers/site.ts';
import { editEntry } from '../helpers/edit-entry.ts';

// The list pages page by `?pagina=N` (English `?page=N`), with their filter, and detail pages end with
// their neighbours in the list and related entries: against the embedded sample content (40 and more
// actualities, 15 events), rendered whole so that the streamed lists are in the HTML.

const SECRET = 'list-paging-test-secret-4c2a';
const ADMIN_KEY = 'list-paging-test-admin-key';
const PAGE_SIZE = 12;

let site: Site;
let contentService: string;

beforeAll(async () => {
  site = await openSite({ ...WHOLE_PAGES, REVALIDATE_SECRET: SECRET, CONTENT_ADMIN_KEY: ADMIN_KEY });
  const started = site.logs.map((line) => /"url":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(line)).find(Boolean);
  contentService = started![1]!;
});
afterAll(async () => {
  await site.stop();
});

const view = async (path: string) => {
  const response = await get(site.url + path);
  return { status: response.status, location: response.headers.get('Location'), html: await response.text() };
};

/** The page's parts a visitor and a crawler read, from its HTML. */
const read = (html: string) => {
  const pagination = /<nav class="pagination".*?<\/nav>/s.exec(html)?.[0] ?? '';
  const attribute = (link: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(link)?.[1];
  const links = [...pagination.matchAll(/<a [^>]*>/g)].map(([link]) => link);
  return {
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    heading: /<h1[^>]*>(.*?)<\/h1>/s
      .exec(html)?.[1]
      ?.replace(/<[^>]+>/g, '')
      .trim(),
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1],
    cards: [...html.matchAll(/class="card__title"><a [^>]*href="([^"]*)"/g)].map(([, href]) => href),
    current: links.filter((link) => link.includes('aria-current="page"')).map((link) => attribute(link, 'href')),
    previous: links.filter((link) => link.includes('rel="prev"')).map((link) => attribute(link, 'href')),
    next: links.filter((link) => link.includes('rel="next"')).map((link) => attribute(link, 'href')),
    pageLinks: links.map((link) => attribute(link, 'href')),
  };
};

/** Every page of a list, following "next" from the first, as a visitor without JavaScript does. */
const allPages = async (first: string) => {
  const pages: Array<ReturnType<typeof read> & { path: string }> = [];
  for (let path: string | undefined = first; path;) {
    const page = await view(path);
    expect(page.status, path).toBe(200);
    const parts = read(page.html);
    pages.push({ ...parts, path });
    path = parts.next[0]?.replaceAll('&amp;', '&');
    expect(pages.length).toBeLessThan(10);
  }
  return pages;
};

describe('a paged list', () => {
  it.each([
    ['/actualiteiten', 'pagina', 'Actualiteiten', 'pagina', 'van'],
    ['/en/news', 'page', 'News', 'page', 'of'],
  ])('%s pages by ?%s=N: every entry once, page 1 without a parameter', async (path, param, title, word, of) => {
    const pages = await allPages(path);
    const count = pages.length;
    const entries = pages.flatMap((page) => page.cards);
    expect(entries.length).toBeGreaterThan(3 * PAGE_SIZE);
    expect(count).toBe(Math.ceil(entries.length / PAGE_SIZE));
    expect(new Set(entries).size).toBe(entries.length);
    for (const page of pages.slice(0, -1)) expect(page.cards).toHaveLength(PAGE_SIZE);

    const [first, second] = pages;
    expect(first!.title).toBe(`${title} | ${path.startsWith('/en') ? 'Architects Register' : 'Architectenregister'}`);
    expect(first!.heading).toBe(title);
    expect(first!.current).toEqual([path]);
    expect(first!.previous).toEqual([]);
    expect(first!.canonical).toMatch(new RegExp(`${path}$`));
    expect(first!.pageLinks).not.toContain(`${path}?${param}=1`);

    expect(second!.path).toBe(`${path}?${param}=2`);
    expect(second!.title).toMatch(new RegExp(`^${title} – ${word} 2 ${of} ${count} \\|`));
    expect(second!.heading).toBe(`${title} – ${word} 2 ${of} ${count}`);
    expect(second!.canonical).toMatch(new RegExp(`${path}\\?${param}=2$`));
    expect(second!.current).toEqual([`${path}?${param}=2`]);
    expect(second!.previous).toEqual([path]);
    expect(second!.cards).toHaveLength(PAGE_SIZE);
  });

  it('pages a filtered list with its filter, counts every match, and offers no page in the filter form', async () => {
    const pages = await allPages('/actualiteiten?type=nieuws');
    expect(pages.map((page) => page.path)).toEqual([
      '/actualiteiten?type=nieuws',
      '/actualiteiten?type=nieuws&pagina=2',
      '/actualiteiten?type=nieuws&pagina=3',
    ]);
    const matches = pages.flatMap((page) => page.cards);
    expect(matches.length).toBeGreaterThan(2 * PAGE_SIZE);
    const { html } = await view('/actualiteiten?type=nieuws&pagina=2');
    expect(html).toContain(`${matches.length} gevonden`);
    const form = /<form[^>]*role="search".*?<\/form>/s.exec(html)?.[0] ?? '';
    expect(form).toContain('name="type"');
    expect(form).not.toMatch(/name="pagin?a?"/);
    // The filter's matches end on page 3.
    expect((await view('/actualiteiten?type=nieuws&pagina=4')).status).toBe(404);
  });

  it('answers another form of a page 301 and what is no page of the list 404, before anything is sent', async () => {
    for (const [path, location] of [
      ['/actualiteiten?pagina=1', '/actualiteiten'],
      ['/actualiteiten?pagina=02', '/actualiteiten?pagina=2'],
      ['/actualiteiten?page=3', '/actualiteiten?pagina=3'],
      ['/en/news?pagina=2', '/en/news?page=2'],
      ['/en/news?page=1', '/en/news'],
      ['/actualiteiten?type=nieuws&pagina=002', '/actualiteiten?type=nieuws&pagina=2'],
    ] as const) {
      const answer = await view(path);
      expect([path, answer.status, answer.location]).toEqual([path, 301, location]);
    }
    for (const path of [
      '/actualiteiten?pagina=abc',
      '/actualiteiten?pagina=0',
      '/actualiteiten?pagina=-1',
      '/actualiteiten?pagina=2.5',
      '/actualiteiten?pagina=99999999999999999999',
      '/actualiteiten?pagina=5',
      '/actualiteiten?pagina=2&pagina=3',
      '/en/news?page=5',
      // Several lists (the home page's teasers) are no paged list, nor is a page without one.
      '/?pagina=2',
      '/over-ons?pagina=2',
    ]) {
      const answer = await view(path);
      expect([path, answer.status]).toEqual([path, 404]);
      expect(answer.html).toContain('<meta name="robots" content="noindex"/>');
    }
    const home = await view('/');
    expect(home.html).not.toContain('class="pagination"');
  });

  it('lists the coming events first, soonest first, then the past ones under "Afgelopen", most recent first', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date());
    let pastSeen = false;
    const coming: string[] = [];
    const past: string[] = [];
    for (const page of await allPages('/agenda')) {
      const { html } = await view(page.path);
      const list = /<section class="block block--collection-list.*?<\/section>/s.exec(html)?.[0] ?? '';
      // Each page that lists past events names them so, once: the first such page, and every one after it.
      const headings = [...list.matchAll(/block__subheading">Afgelopen</g)].length;
      expect(headings).toBeLessThanOrEqual(1);
      if (pastSeen) expect(headings, page.path).toBe(1);
      for (const [, heading, day] of list.matchAll(/(block__subheading">Afgelopen<)|<time dateTime="([\d-]+)"/g)) {
        if (heading) pastSeen = true;
        else (pastSeen ? past : coming).push(day!);
      }
    }
    expect(coming.length + past.length).toBe(15);
    expect(pastSeen).toBe(past.length > 0);
    expect(coming.every((day) => day >= today)).toBe(true);
    expect(past.every((day) => day < today)).toBe(true);
    expect(coming).toEqual([...coming].sort());
    expect(past).toEqual([...past].sort().reverse());
  });
});

describe('the page cache and the webhook', () => {
  it('keeps each page of a list as its own page and drops it when an entry of its collection changes', async () => {
    // The edit reaches the site as a webhook call of the content service; the pages are kept after it.
    const slug = read((await view('/actualiteiten?pagina=2')).html)
      .cards[0]!.split('/')
      .at(-1)!;
    const edited = await editEntry(contentService, ADMIN_KEY, {
      collection: 'actualities',
      slug,
      fields: { intro: 'Een gewijzigde inleiding.' },
    });
    expect(edited.status).toBe(200);
    const { saved } = (await edited.json()) as { saved: { id: string } };

    const second = await viewUntilCached(`${site.url}/actualiteiten?pagina=2`);
    const third = await viewUntilCached(`${site.url}/actualiteiten?pagina=3`);
    expect(read(second.body).current).toEqual(['/actualiteiten?pagina=2']);
    expect(second.body).toContain('Een gewijzigde inleiding.');
    expect(read(third.body).current).toEqual(['/actualiteiten?pagina=3']);
    expect(second.response.headers.get('ETag')).not.toBe(third.response.headers.get('ETag'));

    const change = { type: 'entry', collection: 'actualities', id: saved.id, site: 'default', slug };
    expect((await revalidate(site.url, JSON.stringify(change), `Bearer ${SECRET}`)).status).toBe(202);
    for (const path of ['/actualiteiten?pagina=2', '/actualiteiten?pagina=3']) {
      const after = await get(site.url + path);
      expect([path, after.status, after.headers.get('ETag')]).toEqual([path, 200, null]);
      await after.arrayBuffer();
    }
  });
});

describe('the end of a detail page', () => {
  it('links the entries before and after it in the list, and up to three related ones besides', async () => {
    const [newer, own, older] = read((await view('/actualiteiten')).html).cards;
    const { status, html } = await view(own!);
    expect(status).toBe(200);
    const nav = /<nav class="entry-nav".*?<\/nav>/s.exec(html)?.[0] ?? '';
    expect(/<a rel="prev" href="([^"]*)"/.exec(nav)?.[1]).toBe(newer);
    expect(/<a rel="next" href="([^"]*)"/.exec(nav)?.[1]).toBe(older);
    const related = /<section class="entry-related".*?<\/section>/s.exec(html)?.[0] ?? '';
    const relatedLinks = [...related.matchAll(/class="card__title"><a [^>]*href="([^"]*)"/g)].map(([, href]) => href);
    expect(relatedLinks).toHaveLength(3);
    for (const link of relatedLinks) expect([newer, own, older]).not.toContain(link);
  });

  it('follows the date on an event page: the earlier event before it, the later one after it', async () => {
    const agenda = read((await view('/agenda')).html).cards;
    const [soonest, next] = agenda;
    const { html } = await view(next!);
    const nav = /<nav class="entry-nav".*?<\/nav>/s.exec(html)?.[0] ?? '';
    expect(/<a rel="prev" href="([^"]*)"/.exec(nav)?.[1]).toBe(soonest);
    expect(/<a rel="next" href="([^"]*)"/.exec(nav)?.[1]).toBe(agenda[2]);
  });
});
