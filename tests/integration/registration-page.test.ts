import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePeople } from '../../sample-cms/register/people.ts';
import type { Registration } from '../../src/common/register-types.ts';
import { openRegisterSites } from '../helpers/register-sites.ts';
import type { RegisterApiServer } from '../helpers/register-api-server.ts';
import { get, viewUntilCached } from '../helpers/site.ts';
import type { Site } from '../helpers/site.ts';

// A registration's page (/vind-een-architect/{number}): its status in words in both languages, the 404
// for a number not in the register, noindex, out of the sitemap; /api/architects with the status; the
// register's API behind it, and a register that fails.

let embedded: Site;
let remote: Site;
let registerApi: RegisterApiServer;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ embedded, remote, registerApi, close } = await openRegisterSites());
});
afterAll(() => close());

const people = samplePeople();
const registrationWhere = (matches: (registration: Registration) => boolean) =>
  people.flatMap((person) => person.registrations).find(matches)!;
const registered = registrationWhere(({ status, measures }) => status.kind === 'registered' && !measures.length);
const suspended = registrationWhere(({ status }) => status.kind === 'suspended');
const struckOff = registrationWhere(({ status }) => status.kind === 'struck-off' && status.ground === 'request');
const withFine = registrationWhere(({ measures }) => measures.some(({ kind }) => kind === 'fine'));
const withReprimand = registrationWhere(({ measures }) => measures.some(({ kind }) => kind === 'reprimand'));
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const temporary = registrationWhere(({ kind, until }) => kind === 'temporary' && until! > inDays(2));
const lapsed = registrationWhere(({ kind, until }) => kind === 'temporary' && until! < inDays(-2));
const dutchDay = (iso: string) =>
  new Intl.DateTimeFormat('nl-NL', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
const englishDay = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
const day = (registration: Registration) => {
  const { status } = registration;
  return status.kind === 'suspended' ? status.until : status.kind === 'struck-off' ? status.date : '';
};

const page = async (site: Site, path: string) => {
  const response = await get(`${site.url}${path}`);
  const html = await response.text();
  // The text of the article, tags dropped: what a reader reads, in order.
  const article = /<article class="registration-page">([\s\S]*?)<\/article>/.exec(html)?.[1] ?? '';
  const text = article
    .replaceAll(/<[^>]+>/g, ' ')
    .replaceAll('<!-- -->', '')
    .replaceAll(/\s+/g, ' ');
  // The status comes before the name: its words come before the heading.
  const statusFirst = (status: string) => article.includes(status) && article.indexOf(status) < article.indexOf('<h1');
  return { response, html, text, statusFirst };
};

describe('a registration page', () => {
  it('shows a registered person first with the status in words, then name, place, titles, numbers and dates', async () => {
    const person = people.find((candidate) => candidate.registrations.includes(registered))!;
    for (const [prefix, status, since] of [
      ['/vind-een-architect', 'Ingeschreven', dutchDay(registered.date)],
      ['/en/find-an-architect', 'Registered', englishDay(registered.date)],
    ] as const) {
      const { response, text, html, statusFirst } = await page(embedded, `${prefix}/${registered.number}`);
      expect(response.status).toBe(200);
      expect(statusFirst(status)).toBe(true);
      for (const fact of [person.surname, person.place, registered.number, since]) expect(text).toContain(fact);
      // Breadcrumbs lead back to the search.
      expect(html).toContain(`<a href="${prefix}">`);
    }
  });

  it('says a suspension with its end and a striking off with its date and ground, in both languages', async () => {
    const cases = [
      [`/vind-een-architect/${suspended.number}`, `Geschorst tot ${dutchDay(day(suspended))}`, 'Tijdens de schorsing'],
      [`/en/find-an-architect/${suspended.number}`, `Suspended until ${englishDay(day(suspended))}`, 'While suspended'],
      [
        `/vind-een-architect/${struckOff.number}`,
        `Doorgehaald op ${dutchDay(day(struckOff))} op eigen verzoek`,
        'Na doorhaling',
      ],
      [
        `/en/find-an-architect/${struckOff.number}`,
        `Struck off on ${englishDay(day(struckOff))} at their own request`,
        'may no longer use its title',
      ],
    ];
    for (const [path, status, meaning] of cases) {
      const { response, text, statusFirst } = await page(embedded, path!);
      expect(response.status, path).toBe(200);
      expect(statusFirst(status!), path).toBe(true);
      expect(text, path).toContain(meaning);
    }
    const suspension = suspended.measures[0]!;
    expect((await page(embedded, `/en/find-an-architect/${suspended.number}`)).text).toContain(
      `Suspension, from ${englishDay(suspension.from)} until ${englishDay(suspension.until!)}`,
    );
    expect((await page(embedded, `/vind-een-architect/${withFine.number}`)).text).toContain(
      `Geldboete, sinds ${dutchDay(withFine.measures[0]!.from)}`,
    );
  });

  it("says the status of a person's only registration once, and that of each of several beside it", async () => {
    const single = people.find(({ registrations }) => registrations.length === 1)!.registrations[0]!;
    const several = people.find(({ registrations }) => registrations.length > 1)!.registrations;
    const badges = (html: string) => html.match(/class="registration-badge /g)?.length ?? 0;
    expect(badges((await page(embedded, `/vind-een-architect/${single.number}`)).html)).toBe(0);
    expect(badges((await page(embedded, `/en/find-an-architect/${several[0]!.number}`)).html)).toBe(several.length);
    // The status at the top names the registration it is of: each number's page its own.
    for (const { number } of several) {
      const { html } = await page(embedded, `/vind-een-architect/${number}`);
      expect(
        /<p class="registration-status__subject">[^<]+ · <span class="architect__number">([\d.]+)<\/span><\/p>/.exec(
          html,
        )?.[1],
      ).toBe(number);
    }
  });

  it('is noindex by header and meta, kept in the page cache, and not in the sitemap', async () => {
    const { response, body } = await viewUntilCached(`${embedded.url}/vind-een-architect/${registered.number}`);
    expect(response.headers.get('x-robots-tag')).toBe('noindex');
    expect(body).toContain('<meta name="robots" content="noindex"/>');
    expect(response.headers.get('cache-control')).toMatch(/^public/);
    const sitemap = await (await get(`${embedded.url}/sitemap.xml`)).text();
    expect(sitemap).toContain('/vind-een-architect</loc>');
    expect(sitemap).not.toMatch(/vind-een-architect\/|find-an-architect\//);
  });

  it('leads a number typed without dots to the dotted one', async () => {
    const response = await get(`${embedded.url}/en/find-an-architect/${registered.number.replaceAll('.', '')}`);
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe(`/en/find-an-architect/${registered.number}`);
  });

  it('answers 404 for a number not in the register and for a malformed one, saying what that means', async () => {
    for (const [path, heading, report] of [
      ['/vind-een-architect/9.999999.999', 'Dit nummer staat niet in het register', '/de-wet/titelmisbruik-melden'],
      ['/en/find-an-architect/9.999999.999', 'This number is not in the register', '/en/the-law/report-title-misuse'],
      ['/vind-een-architect/abc%20def', 'Dit nummer staat niet in het register', '/de-wet/titelmisbruik-melden'],
      ['/en/find-an-architect/1.2.3', 'This number is not in the register', '/en/the-law/report-title-misuse'],
    ]) {
      const { response, html, text } = await page(embedded, path!);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('x-robots-tag'), path).toBe('noindex');
      expect(html, path).toContain('<meta name="robots" content="noindex"/>');
      expect(text, path).toContain(heading);
      expect(html, path).toContain(`href="${report}"`);
    }
    expect((await page(embedded, '/en/find-an-architect/9.999999.999')).text).toContain(
      'Nobody may use a protected title',
    );
  });
});

describe('a registration a person can rely on', () => {
  it("says as of when the register said so, from the register's answer, in both languages", async () => {
    registerApi.fault = { kind: 'moment', retrievedAt: '2026-12-06T14:30:00Z' };
    const dutch = await page(remote, `/vind-een-architect/${withReprimand.number}`);
    expect(dutch.text).toContain('Stand van het register op 6 december 2026 om 15:30');
    expect(dutch.html).toContain('<time dateTime="2026-12-06T14:30:00Z">');
    const english = await page(remote, `/en/find-an-architect/${withReprimand.number}`);
    expect(english.text).toContain('Register as of 6 December 2026 at 15:30');
    registerApi.fault = { kind: 'none' };
    // The embedded register gives the moment it answered.
    expect((await page(embedded, `/vind-een-architect/${registered.number}`)).text).toMatch(
      /Stand van het register op \d{1,2} \w+ \d{4} om \d{2}:\d{2}/,
    );
  });

  it('says in a line what it proves and what not, and names the site and its stable address for print', async () => {
    const { html, text } = await page(embedded, `/vind-een-architect/${registered.number}?utm_source=mail`);
    expect(text).toContain('Deze pagina laat zien hoe deze persoon op dat moment in het register stond.');
    expect(text).toContain('Ze zegt niets over vakbekwaamheid of over een lopende opdracht.');
    const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
    expect(canonical).toMatch(
      new RegExp(`^https?://[^/]+/vind-een-architect/${registered.number.replaceAll('.', '\\.')}$`),
    );
    expect(text).toContain(`Architectenregister · ${canonical}`);
    const english = await page(embedded, `/en/find-an-architect/${registered.number}`);
    expect(english.text).toContain('It says nothing about their competence or about a current assignment.');
  });
});

describe('a temporary service provider (WAT art. 27b)', () => {
  it('is shown with the end date and explained; past it, no longer registered', async () => {
    const current = await page(embedded, `/vind-een-architect/${temporary.number}`);
    expect(current.statusFirst('Ingeschreven')).toBe(true);
    expect(current.text).toContain(`Tijdelijk ingeschreven tot en met ${dutchDay(temporary.until!)}`);
    expect(current.text).toContain('artikel 27b Wet op de architectentitel');
    const english = await page(embedded, `/en/find-an-architect/${temporary.number}`);
    expect(english.text).toContain(`Temporarily registered until ${englishDay(temporary.until!)}`);

    const ended = await page(embedded, `/vind-een-architect/${lapsed.number}`);
    expect(ended.response.status).toBe(200);
    expect(ended.statusFirst(`Tijdelijke inschrijving verlopen op ${dutchDay(lapsed.until!)}`)).toBe(true);
    expect(ended.text).toContain('mag de titel niet meer voeren');
    expect(ended.html).toContain('registration-status--ended');
  });

  it('is found by the kind filter of the search, a plain GET form control, and says so in the results', async () => {
    const response = await get(`${embedded.url}/vind-een-architect?kind=temporary`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<select name="kind">/);
    expect(html).toMatch(/<option value="temporary" selected="">/);
    const text = html.replaceAll(/<[^>]+>/g, ' ').replaceAll(/\s+/g, ' ');
    expect(text).toContain(`Tijdelijk ingeschreven tot en met`);
    const found = Number(/(\d+) personen gevonden/.exec(text)?.[1] ?? NaN);
    expect(found).toBe(people.filter((person) => person.registrations.some(({ kind }) => kind === 'temporary')).length);
  });
});

describe('the search results and /api/architects', () => {
  it('link each person to their page and say a suspension or striking off in words', async () => {
    for (const registration of [suspended, struckOff]) {
      const { text, html } = await (async () => {
        const response = await get(`${embedded.url}/en/find-an-architect?searchTerm=${registration.number}`);
        const body = await response.text();
        return { html: body, text: body.replaceAll(/<[^>]+>/g, ' ').replaceAll(/\s+/g, ' ') };
      })();
      const person = people.find((candidate) => candidate.registrations.includes(registration))!;
      expect(html).toContain(`href="/en/find-an-architect/${person.registrations[0]!.number}"`);
      expect(text).toContain(
        registration === suspended
          ? `Suspended until ${englishDay(day(suspended))}`
          : `Struck off on ${englishDay(day(struckOff))}`,
      );
    }
  });

  it('/api/architects carries each registration status and measures', async () => {
    const response = await get(`${embedded.url}/api/architects?searchTerm=${suspended.number}`);
    const body = (await response.json()) as { data: Array<{ registrations: Registration[] }> };
    expect(body.data[0]!.registrations).toContainEqual(suspended);
    const struck = (await (await get(`${embedded.url}/api/architects?searchTerm=${struckOff.number}`)).json()) as {
      data: Array<{ registrations: Registration[] }>;
    };
    expect(struck.data[0]!.registrations).toContainEqual({
      ...struckOff,
      status: { kind: 'struck-off', date: day(struckOff), ground: 'request' },
    });
  });
});

describe('with the register API', () => {
  it('asks it for the number and shows what it answers', async () => {
    registerApi.fault = { kind: 'none' };
    const { response, text } = await page(remote, `/en/find-an-architect/${suspended.number}`);
    expect(response.status).toBe(200);
    expect(text).toContain(`Suspended until ${englishDay(day(suspended))}`);
    expect(registerApi.requests.at(-1)).toEqual({
      url: `/architects/${suspended.number}`,
      authorization: `Bearer ${registerApi.apiKey}`,
    });
    expect((await page(remote, '/vind-een-architect/9.999999.999')).response.status).toBe(404);
  });

  it('when it fails: 503 with the translated message, one log line, noindex, and the process stays up', async () => {
    registerApi.fault = { kind: 'down' };
    const failures = () => remote.logs.filter((line) => line.includes('register lookup failed')).length;
    const before = failures();
    const { response, text } = await page(remote, `/vind-een-architect/${registered.number}`);
    expect(response.status).toBe(503);
    expect(response.headers.get('x-robots-tag')).toBe('noindex');
    expect(response.headers.get('cache-control')).not.toMatch(/public/);
    expect(text).toContain('Zoeken in het register is op dit moment niet beschikbaar');
    await expect.poll(failures).toBe(before + 1);
    const english = await page(remote, `/en/find-an-architect/${registered.number}`);
    expect(english.response.status).toBe(503);
    expect(english.text).toContain('Searching the register is unavailable right now');

    registerApi.fault = { kind: 'none' };
    expect((await page(remote, `/vind-een-architect/${registered.number}`)).response.status).toBe(200);
  });
});
