import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { list, startFakeCms } from '../helpers/fake-cms.ts';
import type { FakeCms } from '../helpers/fake-cms.ts';
import { get, openSite } from '../helpers/site.ts';
import type { Site } from '../helpers/site.ts';

// A CMS whose home page has a component type the site does not know and rich text with markup
// it must not pass on, and a page whose fields have shapes the site cannot read.

let fake: FakeCms;
let site: Site;

beforeAll(async () => {
  fake = await startFakeCms();
  fake.answer = (request) =>
    request.url.startsWith('/api/collections/pages/')
      ? list([
          {
            id: 'home-1',
            title: 'Home',
            slug: 'home',
            url: '/',
            components: [
              { id: 'c1', type: 'mystery_widget', anything: true },
              {
                id: 'c2',
                type: 'text',
                heading: 'Welkom',
                text: '<p>Tekst <a href="javascript:alert(1)">link</a></p><script>alert(2)</script><img src=x onerror=alert(3)>',
              },
            ],
          },
          // Fields of shapes no Statamic version sends.
          {
            id: 'odd-1',
            title: 'Raar',
            slug: 'raar',
            url: '/raar',
            hero_image: 42,
            redirect: { weird: true },
            theme: 'blue',
            components: [
              { id: 'c3', type: 'text_image', heading: 'Onderschrift', text: '<p>Tekst</p>', image: { nope: true } },
            ],
          },
        ])
      : list([]);
  site = await openSite({ CMS_API_URL: fake.apiUrl, CMS_API_KEY: 'fake-key' });
});
afterAll(async () => {
  await site.stop();
  await fake.close();
});

describe('the page builder', () => {
  it('skips an unknown component type with one log line and renders the rest', async () => {
    const response = await get(`${site.url}/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<h2 class="block__heading" id="welkom">Welkom</h2>');
    const line = await vi.waitUntil(
      () => site.logs.find((entry) => entry.includes('unknown page-builder component skipped')),
      { timeout: 15_000 },
    );
    expect(JSON.parse(line)).toMatchObject({ type: 'mystery_widget', id: 'c1' });
  });

  it('passes on no script or script URL from CMS rich text', async () => {
    const html = await (await get(`${site.url}/`)).text();
    expect(html).toContain('<p>Tekst <a>link</a></p>');
    expect(html).not.toMatch(/alert\(\d\)<\/script>|javascript:|onerror/);
  });
});

describe('fields of a shape the site cannot read', () => {
  it('are absent from the page, which renders, and are logged once each with their entry', async () => {
    for (const attempt of [1, 2]) {
      const response = await get(`${site.url}/raar`);
      expect(response.status, `view ${attempt}`).toBe(200);
      const html = await response.text();
      expect(html).toMatch(/<h1[^>]*>Raar<\/h1>/);
      expect(html).toContain('Onderschrift');
    }
    const lines = () =>
      site.logs
        .filter((line) => line.includes('a CMS field could not be read'))
        .map((line) => JSON.parse(line) as { entry: string; field: string });
    await vi.waitUntil(() => lines().length >= 4, { timeout: 15_000 });
    expect(
      lines()
        .map(({ entry, field }) => `${entry} ${field}`)
        .sort(),
    ).toEqual(['odd-1 components.0.image', 'odd-1 hero_image', 'odd-1 redirect', 'odd-1 theme']);
  });
});
