import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageSize } from '../helpers/image-size.ts';
import { get, openSite } from '../helpers/site.ts';
import type { Site } from '../helpers/site.ts';

// Each template's schema.org graph, and its share image, against the required (and recommended) properties of its rich
// result (Google Search Central: Event, Article, Course info, Job posting, Breadcrumb), on the sample site.

const PUBLIC_URL = 'https://www.architectenregister.nl';
const NL = { Cookie: 'i18n_redirected=nl' };
let site: Site;

beforeAll(async () => {
  site = await openSite({ PUBLIC_URL });
});
afterAll(async () => {
  await site.stop();
});

type Node = Record<string, unknown> & { '@type': string };
const graphOf = async (path: string): Promise<Node[]> => {
  const html = await (await get(site.url + path, NL)).text();
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)];
  expect(blocks, path).toHaveLength(1);
  const json = JSON.parse(blocks[0]![1]!) as { '@context': string; '@graph': Node[] };
  expect(json['@context']).toBe('https://schema.org');
  return json['@graph'];
};
const nodeOf = (graph: Node[], type: string) => graph.find((node) => node['@type'] === type);
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?(Z|[+-]\d{2}:\d{2})$/;
const ORGANIZATION = { '@id': `${PUBLIC_URL}/#organization` };

describe('structured data', () => {
  it('describes the register, the site and the page everywhere, and no breadcrumbs at the top level', async () => {
    for (const path of ['/', '/over-ons', '/actualiteiten']) {
      const graph = await graphOf(path);
      expect(
        graph.map((node) => node['@type']),
        path,
      ).toEqual(['Organization', 'WebSite', 'WebPage']);
      expect(nodeOf(graph, 'Organization')).toMatchObject({
        ...ORGANIZATION,
        name: expect.any(String),
        url: `${PUBLIC_URL}/`,
      });
    }
  });

  it('an event: name, start and end with their offset, location or virtual location, attendance mode, organizer', async () => {
    const online = nodeOf(await graphOf('/agenda/webinar-herinschrijving-stap-voor-stap'), 'Event');
    expect(online).toMatchObject({
      name: 'Webinar: herinschrijving stap voor stap',
      startDate: '2026-12-03T12:00:00+01:00',
      endDate: '2026-12-03T13:00:00+01:00',
      eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
      location: { '@type': 'VirtualLocation', url: `${PUBLIC_URL}/agenda/webinar-herinschrijving-stap-voor-stap` },
      organizer: ORGANIZATION,
      description: expect.any(String),
    });
    const inPerson = nodeOf(
      await graphOf('/agenda/informatiebijeenkomst-inschrijven-met-een-buitenlands-diploma'),
      'Event',
    );
    // Summer time in September: the Dutch offset is +02:00.
    expect(inPerson).toMatchObject({
      startDate: '2026-09-24T15:00:00+02:00',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: { '@type': 'Place', name: 'Den Haag', address: 'Den Haag' },
    });
  });

  it('a news item: headline, publication and change times, author, publisher, the page it is', async () => {
    const article = nodeOf(
      await graphOf('/actualiteiten/register-telt-ruim-14-000-ingeschreven-ontwerpers'),
      'NewsArticle',
    )!;
    expect(article).toMatchObject({
      headline: 'Register telt ruim 14.000 ingeschreven ontwerpers',
      author: ORGANIZATION,
      publisher: ORGANIZATION,
      mainEntityOfPage: {
        '@id': `${PUBLIC_URL}/actualiteiten/register-telt-ruim-14-000-ingeschreven-ontwerpers#webpage`,
      },
    });
    expect(article.datePublished).toMatch(ISO_DATE_TIME);
    expect(article.dateModified).toMatch(ISO_DATE_TIME);
    expect(String(article.headline).length).toBeLessThanOrEqual(110);
    expect(article.image).toMatch(new RegExp(`^${PUBLIC_URL}/`));
  });

  it('a course: name, description and provider; a vacancy: title, description, date, employer, place, closing day', async () => {
    const course = nodeOf(await graphOf('/cursussen/aanbesteden-en-contractvormen'), 'Course');
    expect(course).toMatchObject({
      name: 'Aanbesteden en contractvormen',
      description: expect.stringMatching(/\S/),
      provider: { '@type': 'Organization', name: 'Academie van Bouwkunst' },
    });
    const job = nodeOf(await graphOf('/over-ons/werken-bij/beleidsmedewerker-registratie'), 'JobPosting')!;
    expect(job).toMatchObject({
      title: 'Beleidsmedewerker registratie',
      description: expect.stringContaining('<p>'),
      hiringOrganization: ORGANIZATION,
      jobLocation: {
        '@type': 'Place',
        address: { '@type': 'PostalAddress', addressLocality: 'Den Haag', addressCountry: 'NL' },
      },
    });
    expect(job.datePosted).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(job.validThrough).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('breadcrumbs below the top level: the visible trail, in order, ending in the page', async () => {
    const path = '/over-ons/werken-bij/beleidsmedewerker-registratie';
    const graph = await graphOf(path);
    const list = nodeOf(graph, 'BreadcrumbList')!;
    expect(list.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Architectenregister', item: `${PUBLIC_URL}/` },
      { '@type': 'ListItem', position: 2, name: 'Over ons', item: `${PUBLIC_URL}/over-ons` },
      { '@type': 'ListItem', position: 3, name: 'Werken bij', item: `${PUBLIC_URL}/over-ons/werken-bij` },
      { '@type': 'ListItem', position: 4, name: 'Beleidsmedewerker registratie', item: PUBLIC_URL + path },
    ]);
    expect(nodeOf(graph, 'WebPage')).toMatchObject({ breadcrumb: { '@id': `${PUBLIC_URL}${path}#breadcrumbs` } });
    // The same trail as the page shows.
    const html = await (await get(site.url + path, NL)).text();
    const visible = /<nav[^>]*breadcrumb[^>]*>([\s\S]*?)<\/nav>/i.exec(html)![1]!;
    for (const name of ['Over ons', 'Werken bij']) expect(visible).toContain(name);
  });

  it('a share image for every page: 1200 × 630 JPEG through Glide, with its size and text, large on X; news as articles', async () => {
    for (const [path, type] of [
      ['/', 'website'],
      ['/actualiteiten/register-telt-ruim-14-000-ingeschreven-ontwerpers', 'article'],
    ] as const) {
      const html = await (await get(site.url + path, NL)).text();
      const meta = (property: string) =>
        new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(html)?.[1]?.replaceAll('&amp;', '&');
      expect(meta('og:type'), path).toBe(type);
      expect(meta('og:image:width')).toBe('1200');
      expect(meta('og:image:height')).toBe('630');
      expect(meta('og:image:alt')).toBeTruthy();
      expect(meta('twitter:card')).toBe('summary_large_image');
      const image = meta('og:image')!;
      expect(image).toMatch(new RegExp(`^${PUBLIC_URL}/cms/img/.*[?&]fm=jpg`));
      const response = await get(image.replace(PUBLIC_URL, site.url));
      expect(response.headers.get('content-type')).toBe('image/jpeg');
      expect(imageSize(Buffer.from(await response.arrayBuffer()))).toEqual({ type: 'jpeg', width: 1200, height: 630 });
    }
  });
});
