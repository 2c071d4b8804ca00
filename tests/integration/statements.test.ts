import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, openSite } from '../helpers/site.ts';
import type { Site } from '../helpers/site.ts';

// The statements a Dutch public body owes, in the sample content, as the site renders them: the
// accessibility statement in the official model (Besluit digitale toegankelijkheid overheid) and the
// privacy statement with every item of art. 13 AVG, in both languages, linked from every page's footer.

let site: Site;

beforeAll(async () => {
  site = await openSite();
});
afterAll(async () => {
  await site?.stop();
});

interface Statement {
  path: string;
  other: string;
  title: string;
  /** The sections the statement must have, as its h2 headings. */
  sections: readonly string[];
  /** What those sections must say. */
  says: readonly string[];
}

const STATEMENTS: readonly Statement[] = [
  {
    path: '/toegankelijkheid',
    other: '/en/accessibility',
    title: 'Toegankelijkheid',
    sections: [
      'Status',
      'De norm',
      'Waarvoor deze verklaring geldt',
      'Onderzoek en maatregelen',
      'Bekende problemen',
      'Een probleem melden',
      'Datum en register',
    ],
    says: [
      'Besluit digitale toegankelijkheid overheid',
      '<strong>gedeeltelijk voldoet</strong>',
      'EN 301 549',
      'WCAG 2.1, niveau A en AA',
      'WCAG-EM',
      'Oudere jaarverslagen zijn niet volledig toegankelijk (PDF)',
      'uiterlijk op 1 april 2027',
      'opgesteld op 2 november 2026',
      'mailto:toegankelijkheid@architectenregister.nl',
      'Koningskade 30, 2596 AA Den Haag',
      'Nationale ombudsman',
      'https://www.toegankelijkheidsverklaring.nl/register',
    ],
  },
  {
    path: '/en/accessibility',
    other: '/toegankelijkheid',
    title: 'Accessibility statement',
    sections: [
      'Status',
      'The standard',
      'What this statement covers',
      'Evaluation and measures',
      'Known problems',
      'Reporting a problem',
      'Date and register',
    ],
    says: [
      'Besluit digitale toegankelijkheid overheid',
      '<strong>partially complies</strong>',
      'EN 301 549',
      'WCAG 2.1, levels A and AA',
      'WCAG-EM',
      'Older annual reports are not fully accessible (PDF)',
      'by 1 April 2027',
      'drawn up on 2 November 2026',
      'mailto:toegankelijkheid@architectenregister.nl',
      'Koningskade 30, 2596 AA The Hague',
      'National Ombudsman',
      'https://www.toegankelijkheidsverklaring.nl/register',
    ],
  },
  {
    path: '/privacyverklaring',
    other: '/en/privacy-statement',
    title: 'Privacyverklaring',
    sections: [
      'Wie verantwoordelijk is',
      'Het openbare register',
      'Een melding van titelmisbruik',
      'Cookies en statistieken',
      'Wie uw gegevens ontvangt',
      'Hoe lang wij gegevens bewaren',
      'Uw rechten',
      'Een klacht over privacy',
    ],
    says: [
      'Verwerkingsverantwoordelijke is het Bureau Architectenregister',
      'mailto:fg@architectenregister.nl',
      'artikel 6, lid 1, onder e AVG',
      'Uw eigen naam en e-mailadres zijn <strong>niet verplicht</strong>',
      '<strong>i18n_redirected</strong>',
      '<strong>Matomo</strong>',
      'Matomo plaatst geen cookies',
      'Uw IP-adres wordt geanonimiseerd',
      'Openbaar Ministerie',
      'buiten de Europese Economische Ruimte',
      '<th scope="col">Bewaartermijn</th>',
      'bezwaar maken',
      '<strong>Autoriteit Persoonsgegevens</strong>, Postbus 93374, 2509 AJ Den Haag',
    ],
  },
  {
    path: '/en/privacy-statement',
    other: '/privacyverklaring',
    title: 'Privacy statement',
    sections: [
      'Who is responsible',
      'The public register',
      'A report of title misuse',
      'Cookies and statistics',
      'Who receives your data',
      'How long we keep data',
      'Your rights',
      'A complaint about privacy',
    ],
    says: [
      "The controller is the Architects' Register Office",
      'mailto:fg@architectenregister.nl',
      'Article 6(1)(e) GDPR',
      'Your own name and email address are <strong>optional</strong>',
      '<strong>i18n_redirected</strong>',
      '<strong>Matomo</strong>',
      'Matomo sets no cookies',
      'Your IP address is anonymised',
      'Public Prosecution Service',
      'outside the European Economic Area',
      '<th scope="col">Kept for</th>',
      'object to the processing',
      '<strong>Autoriteit Persoonsgegevens</strong>, PO Box 93374, 2509 AJ The Hague',
    ],
  },
];

const decoded = (html: string) => html.replaceAll('&#x27;', "'").replaceAll('&amp;', '&');

describe('the statements a public body owes', () => {
  it.each(STATEMENTS)('$path has every section of its model and names its other language', async (statement) => {
    const response = await get(site.url + statement.path);
    expect(response.status).toBe(200);
    const html = decoded(await response.text());
    const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
    expect(main).toContain(`<h1 class="hero__title">${statement.title}</h1>`);
    const headings = [...main.matchAll(/<h2 [^>]*>([^<]+)<\/h2>/g)].map(([, heading]) => heading);
    expect(headings).toEqual(statement.sections);
    for (const words of statement.says) expect(main, words).toContain(words);
    expect(html).toMatch(new RegExp(`<link rel="alternate" hrefLang="(nl|en)" href="[^"]+${statement.other}"/>`));
    const footer = html.slice(html.indexOf('<footer'), html.indexOf('</footer>'));
    expect(footer).toContain(`aria-current="page" href="${statement.path}"`);
  });

  it('links both statements from the footer of every page, in its language', async () => {
    for (const [path, links] of [
      ['/', ['/privacyverklaring', '/toegankelijkheid']],
      ['/en', ['/en/privacy-statement', '/en/accessibility']],
    ] as const) {
      const html = await (await get(site.url + path)).text();
      const footer = html.slice(html.indexOf('<footer'), html.indexOf('</footer>'));
      for (const link of links) expect(footer, `${path} → ${link}`).toContain(`href="${link}"`);
    }
  });
});
