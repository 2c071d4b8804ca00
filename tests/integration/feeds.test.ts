import { readFileSync } from 'node:fs';
import path from 'node:path';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { ROOT, get, openSite } from '../helpers/site.ts';
import type { Site } from '../helpers/site.ts';
import { editEntry } from '../helpers/edit-entry.ts';
import { list, startFakeCms } from '../helpers/fake-cms.ts';
import type { FakeCms } from '../helpers/fake-cms.ts';

// The news as Atom (RFC 4287) and the events as iCalendar (RFC 5545), on one site with the embedded
// content service, whose edits reach the site through the webhook.

const PUBLIC_URL = 'https://www.architectenregister.nl';
const SECRET = 'feeds-test-secret-0123456789';
const ADMIN_KEY = 'feeds-test-admin-key';
const NL = { Cookie: 'i18n_redirected=nl' };
let site: Site;
let contentService: string;

beforeAll(async () => {
  site = await openSite({ PUBLIC_URL, REVALIDATE_SECRET: SECRET, CONTENT_ADMIN_KEY: ADMIN_KEY });
  contentService = site.logs.map((line) => /"url":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(line)).find(Boolean)![1]!;
});
afterAll(async () => {
  await site.stop();
});

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const elements = (xml: string, name: string) =>
  [...xml.matchAll(new RegExp(`<${name}(?: [^>]*)?>([\\s\\S]*?)</${name}>`, 'g'))].map((match) => match[1]!);
const links = (xml: string) =>
  [...xml.matchAll(/<link rel="([^"]+)" type="([^"]+)" href="([^"]+)"\/>/g)].map(([, rel, type, href]) => ({
    rel,
    type,
    href,
  }));
const withoutEntries = (xml: string) => xml.replace(/<entry>[\s\S]*?<\/entry>/g, '');

describe('the news feed', () => {
  it.each([
    ['nl', '/feeds/nieuws.xml', '/actualiteiten'],
    ['en', '/en/feeds/news.xml', '/en/news'],
  ])('(%s) is Atom with the elements RFC 4287 requires, and absolute URLs', async (locale, path, listPath) => {
    const response = await get(site.url + path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    expect(response.headers.get('cache-control')).toMatch(/^public/);
    const xml = await response.text();
    expect(xml).toMatch(
      new RegExp(
        `^<\\?xml version="1.0" encoding="utf-8"\\?>\\n<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${locale}">`,
      ),
    );
    const head = withoutEntries(xml);
    expect(elements(head, 'id')).toEqual([PUBLIC_URL + path]);
    expect(elements(head, 'title')[0]).toBeTruthy();
    expect(elements(head, 'updated')[0]).toMatch(RFC3339);
    expect(elements(head, 'name')[0]).toBeTruthy();
    expect(links(head)).toEqual([
      { rel: 'self', type: 'application/atom+xml', href: PUBLIC_URL + path },
      { rel: 'alternate', type: 'text/html', href: PUBLIC_URL + listPath },
    ]);

    const entries = elements(xml, 'entry');
    expect(entries.length).toBeGreaterThan(5);
    expect(entries.length).toBeLessThanOrEqual(20);
    for (const entry of entries) {
      expect(elements(entry, 'id')[0]).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
      expect(elements(entry, 'title')[0]).toBeTruthy();
      expect(elements(entry, 'updated')[0]).toMatch(RFC3339);
      expect(links(entry)).toEqual([
        { rel: 'alternate', type: 'text/html', href: expect.stringMatching(new RegExp(`^${PUBLIC_URL}${listPath}/`)) },
      ]);
    }
    expect(new Set(entries.map((entry) => elements(entry, 'id')[0])).size).toBe(entries.length);
    // Newest first, and every ampersand an entity.
    const published = entries.map((entry) => elements(entry, 'published')[0]!);
    expect(published).toEqual([...published].sort().reverse());
    expect(xml).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/);
  });

  it('is named in the head of every page and linked under the news list', async () => {
    for (const path of ['/', '/over-ons', '/actualiteiten']) {
      const html = await (await get(site.url + path, NL)).text();
      expect(html, path).toContain(
        `<link rel="alternate" type="application/atom+xml" title="Nieuws van het Architectenregister" href="${PUBLIC_URL}/feeds/nieuws.xml"/>`,
      );
    }
    expect(await (await get(`${site.url}/actualiteiten`, NL)).text()).toContain(
      '<a href="/feeds/nieuws.xml" type="application/atom+xml">',
    );
  });

  it('shows an edit of the news as soon as the CMS announces it', async () => {
    const before = await (await get(`${site.url}/feeds/nieuws.xml`)).text();
    const slug = /\/actualiteiten\/([^"]+)"/.exec(before)![1]!;
    const edit = await editEntry(contentService, ADMIN_KEY, {
      collection: 'actualities',
      slug,
      fields: { title: 'Register & feed: nieuwe titel' },
    });
    expect(edit.status).toBe(200);
    const after = await (await get(`${site.url}/feeds/nieuws.xml`)).text();
    expect(after).toContain('<title>Register &amp; feed: nieuwe titel</title>');
  });
});

/** iCalendar content lines, unfolded. */
const contentLines = (ics: string) => ics.replace(/\r\n /g, '').split('\r\n');
const events = (ics: string) =>
  ics
    .replace(/\r\n /g, '')
    .split('BEGIN:VEVENT')
    .slice(1)
    .map((part) => part.split('END:VEVENT')[0]!);
const field = (event: string, name: string) => new RegExp(`\\r\\n${name}[;:]([^\\r]*)`).exec(`\r\n${event}`)?.[1];
const amsterdamToday = () =>
  new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Amsterdam' }).replaceAll('-', '');

describe('the events calendar', () => {
  it.each([
    ['nl', '/feeds/agenda.ics', '/agenda/informatiebijeenkomst-inschrijven-met-een-buitenlands-diploma'],
    ['en', '/en/feeds/events.ics', '/en/events/information-meeting-on-registering-with-a-foreign-diploma'],
  ])(
    '(%s) holds the upcoming events as RFC 5545 has them: CRLF, folded lines, a VTIMEZONE, UID, DTSTAMP, DTSTART',
    async (_, path, pastEvent) => {
      const response = await get(site.url + path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
      const ics = await response.text();
      expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:')).toBe(true);
      expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
      for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line), line).toBeLessThanOrEqual(75);
      expect(contentLines(ics)).toEqual(
        expect.arrayContaining(['BEGIN:VTIMEZONE', 'TZID:Europe/Amsterdam', 'END:VTIMEZONE']),
      );

      // From today on: an event of September 2026 has gone.
      const today = amsterdamToday();
      expect(ics).not.toContain(pastEvent);
      const found = events(ics);
      for (const event of found) {
        expect(field(event, 'UID')).toMatch(/^[0-9a-f-]{36}@www\.architectenregister\.nl$/);
        expect(field(event, 'DTSTAMP')).toMatch(/^\d{8}T\d{6}Z$/);
        const start = field(event, 'DTSTART')!;
        expect(start).toMatch(/^(TZID=Europe\/Amsterdam:\d{8}T\d{6}|VALUE=DATE:\d{8})$/);
        expect(start.replace(/^.*:/, '').slice(0, 8) >= today).toBe(true);
        expect(field(event, 'URL')).toMatch(new RegExp(`^${PUBLIC_URL}/`));
        expect(field(event, 'SUMMARY')).toBeTruthy();
      }
    },
  );

  it('has a file per event, offered on its page, and none for a page that is no event', async () => {
    const html = await (await get(`${site.url}/agenda`, NL)).text();
    const eventPath = /href="(\/agenda\/[^"]+)"/.exec(html)![1]!;
    const page = await (await get(site.url + eventPath, NL)).text();
    expect(page).toContain(`href="${eventPath}.ics" type="text/calendar" download=""`);

    const response = await get(`${site.url}${eventPath}.ics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="${eventPath.split('/').at(-1)}.ics"`,
    );
    const found = events(await response.text());
    expect(found).toHaveLength(1);
    expect(field(found[0]!, 'URL')).toBe(PUBLIC_URL + eventPath);

    // Text with the characters iCalendar escapes, and a long one with accents folded between characters.
    const title =
      'Symposium; titels, rechten en plichten — één middag over bescherming van de titel architect in Europa';
    const edit = await editEntry(contentService, ADMIN_KEY, {
      collection: 'events',
      slug: eventPath.split('/').at(-1)!,
      fields: { title },
    });
    expect(edit.status).toBe(200);
    const edited = await (await get(`${site.url}${eventPath}.ics`)).text();
    for (const line of edited.split('\r\n')) expect(Buffer.byteLength(line), line).toBeLessThanOrEqual(75);
    expect(field(events(edited)[0]!, 'SUMMARY')).toBe(
      'Symposium\\; titels\\, rechten en plichten — één middag over bescherming van de titel architect in Europa',
    );

    for (const path of [
      '/agenda/bestaat-niet.ics',
      '/over-ons.ics',
      '/actualiteiten/register-telt-ruim-14-000-ingeschreven-ontwerpers.ics',
    ]) {
      expect((await get(site.url + path, NL)).status, path).toBe(404);
    }
  });
});

describe('the feeds, calendars and sitemap, whatever the CMS sends', () => {
  // A CMS whose news item, event and page carry what XML and iCalendar cannot hold as it is: a control
  // (U+0001), a noncharacter (U+FFFE), a bare CR, a surrogate outside a pair, beside an emoji and accents
  // that must come through whole, and a time of change that is no time.
  const HOSTILE = 'Raad\u0001 vergadert\uFFFE over\r de wet \uD800🏛️';
  const CLEAN = 'Raad vergadert over\n de wet 🏛️';
  const LONG_TAIL = ' — één middag over de titel architect in Europa 🇳🇱🇪🇺 en de Architectenwet, met één ééntje';
  const EVENT = {
    id: 'b3c1f0de-7a55-4f4e-9a7e-1c2d3e4f5a6b',
    title: HOSTILE + LONG_TAIL,
    slug: 'vreemd',
    url: '/agenda/vreemd',
    date: '2027-03-15',
    start_time: '14:00',
    end_time: '16:00',
    location: 'Den Haag\rZaal\u000B 1',
    last_modified: 'gisteren',
  };
  const NEWS = {
    id: 'c4d2e1f0-8b66-4a5b-8c9d-2e3f4a5b6c7d',
    title: HOSTILE,
    slug: 'vreemd',
    url: '/actualiteiten/vreemd',
    date: '2026-12-01T09:00:00+01:00',
    intro: 'Samenvatting\u0001 met\uFFFF tekens',
    last_modified: 'gisteren',
  };
  const PAGES = [
    {
      id: 'home',
      slug: 'home',
      url: '/',
      title: 'Home',
      components: [{ id: 'l', type: 'collection_list', collection: 'actualities', filters: true }],
    },
    // A URL the CMS sends whole (the sitemap takes it as it is).
    { id: 'over', slug: 'over', url: `${PUBLIC_URL}/over\u0001ons\uFFFE`, title: 'Over ons', last_modified: 'nooit' },
  ];
  const BY_COLLECTION: Record<string, object[]> = { pages: PAGES, actualities: [NEWS], events: [EVENT] };

  let fake: FakeCms;
  let hostile: Site;
  beforeAll(async () => {
    fake = await startFakeCms();
    fake.answer = (request) => {
      const url = new URL(request.url, fake.url);
      const collection = /^\/api\/collections\/([^/]+)\/entries$/.exec(url.pathname)?.[1] ?? '';
      const entries = url.searchParams.get('filter[site]') === 'default' ? (BY_COLLECTION[collection] ?? []) : [];
      const slug = url.searchParams.get('filter[slug]');
      return list(slug === null ? entries : entries.filter((entry) => 'slug' in entry && entry.slug === slug));
    };
    hostile = await openSite({ PUBLIC_URL, CMS_API_URL: fake.apiUrl, CMS_API_KEY: 'fake-key' });
  });
  afterAll(async () => {
    await hostile?.stop();
    await fake?.close();
  });

  const body = async (path: string) => {
    const response = await get(hostile.url + path);
    expect(response.status, path).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  };
  const fixture = (name: string) => ({
    fileName: name,
    contents: readFileSync(path.join(ROOT, 'tests/fixtures', name), 'utf8'),
  });

  it('gives a news feed an XML parser reads, the title cleaned and whole, the entry dated by what can be read', async () => {
    const xml = (await body('/feeds/nieuws.xml')).toString('utf8');
    const parsed = await validateXML({ xml: { fileName: 'nieuws.xml', contents: xml }, normalization: 'c14n' });
    expect(parsed.errors).toEqual([]);
    expect(parsed.valid).toBe(true);
    expect(parsed.normalized).toContain(`<title>${CLEAN}</title>`);
    expect(parsed.normalized).toContain('<summary>Samenvatting met tekens</summary>');
    expect(parsed.normalized).toContain('<updated>2026-12-01T08:00:00Z</updated>');
  });

  it('gives a sitemap that validates against its schema, a URL sent whole cleaned too', async () => {
    const sitemap = (await body('/sitemap.xml')).toString('utf8');
    const result = await validateXML({
      xml: { fileName: 'sitemap.xml', contents: sitemap },
      schema: fixture('sitemap.xsd'),
      preload: fixture('xhtml-link.xsd'),
    });
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    expect(sitemap).toContain(`<url><loc>${PUBLIC_URL}/overons</loc></url>`);
  });

  /** The calendar's physical lines: each at most 75 octets and whole UTF-8 (folded between characters). */
  const physicalLines = (bytes: Buffer): string[] => {
    const lines: string[] = [];
    for (let start = 0, end = bytes.indexOf('\r\n'); end !== -1; start = end + 2, end = bytes.indexOf('\r\n', start)) {
      const line = bytes.subarray(start, end);
      expect(line.length).toBeLessThanOrEqual(75);
      lines.push(new TextDecoder('utf-8', { fatal: true }).decode(line));
    }
    return lines;
  };

  it.each([
    ['the event file', '/agenda/vreemd.ics', null],
    ['the calendar feed', '/feeds/agenda.ics', 'Agenda van het Architectenregister'],
  ])(
    'gives %s that ical.js reads: text cleaned and escaped, folded between characters, a DTSTAMP',
    async (_, path, name) => {
      const bytes = await body(path);
      const lines = physicalLines(bytes);
      expect(bytes.toString('utf8')).toBe(lines.map((line) => `${line}\r\n`).join(''));
      // No line break but CRLF: a bare CR or LF in a value would end its line.
      for (const line of lines) expect(line).not.toMatch(/[\r\n]/);

      const calendar = new ICAL.Component(ICAL.parse(bytes.toString('utf8')));
      // Only a calendar one subscribes to has a name; Outlook makes a new calendar of a file that has one.
      expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(name);
      const [event] = calendar.getAllSubcomponents('vevent');
      expect(event?.getFirstPropertyValue('summary')).toBe(CLEAN + LONG_TAIL);
      expect(event?.getFirstPropertyValue('location')).toBe('Den Haag\nZaal 1');
      expect(lines.join('\n')).toContain('\nDTSTAMP:20270315T000000Z\n');
      expect(String(event?.getFirstPropertyValue('dtstamp'))).toBe('2027-03-15T00:00:00Z');
      expect(event?.getFirstPropertyValue('url')).toBe(`${PUBLIC_URL}/agenda/vreemd`);
    },
  );
});
