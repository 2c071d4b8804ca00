import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, openSite } from '../helpers/site.ts';
import type { Site } from '../helpers/site.ts';
import { editEntry } from '../helpers/edit-entry.ts';

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
