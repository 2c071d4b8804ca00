import { list, startFakeCms } from '../helpers/fake-cms.ts';
import type { FakeCms } from '../helpers/fake-cms.ts';
import { setProcessOwner } from '../helpers/processes.ts';
import { startSite } from '../helpers/site.ts';
import type { RunningSite } from '../helpers/site.ts';
import { expect, test } from './fixtures.ts';

// A 500 as a visitor meets it: a site of its own against a Statamic stand-in whose entry lookups (the
// items its lists name) fail after the menus were read once. The error page still has the menu, the footer, a search and the ways
// on, in the page's language.

const MENUS = {
  default: { megamenu: { title: 'Over ons', url: '/over-ons' }, footer: { title: 'Contact', url: '/contact' } },
  en: { megamenu: { title: 'About us', url: '/en/about-us' }, footer: { title: 'Contact us', url: '/en/contact' } },
};

let fake: FakeCms;
let site: RunningSite;
let lookupsFail = false;

test.beforeAll(async ({}, testInfo) => {
  // Starting a process of its own takes longer than a test's default time on a busy machine.
  testInfo.setTimeout(120_000);
  setProcessOwner(testInfo.file);
  fake = await startFakeCms();
  fake.answer = (request) => {
    const url = new URL(request.url, fake.url);
    const siteHandle =
      (url.searchParams.get('site') ?? url.searchParams.get('filter[site]')) === 'en' ? 'en' : 'default';
    const nav = /^\/api\/navs\/(megamenu|footer)\/tree$/.exec(url.pathname)?.[1] as 'megamenu' | 'footer' | undefined;
    if (nav) return list([{ page: { id: `${nav}-${siteHandle}`, ...MENUS[siteHandle][nav] } }]);
    if (url.pathname === '/api/collections/pages/entries') {
      return list([
        {
          id: `home-${siteHandle}`,
          title: 'Home',
          slug: 'home',
          url: siteHandle === 'en' ? '/en' : '/',
          components: [],
        },
      ]);
    }
    // The courses' list (the default site's in both languages) names the two paths below: their items are asked for.
    if (url.pathname === '/api/collections/courses/entries' && !url.searchParams.has('filter[slug]'))
      return list(['stuk', 'broken'].map((slug) => ({ id: `course-${slug}`, title: slug, slug })));
    if (url.searchParams.has('filter[slug]') && lookupsFail) return { status: 503 };
    return list([]);
  };
  site = await startSite({ CMS_API_URL: fake.apiUrl, CMS_API_KEY: 'stand-in-key' });
});

test.afterAll(async () => {
  await site?.stop();
  await fake?.close();
});

test('a server error keeps the whole layout in both languages', async ({ page, recorded }) => {
  // The stand-in serves no media or favicon: those requests answer 404.
  recorded.allowConsoleErrors(/status of (500|404)/);
  for (const home of ['/', '/en']) expect((await page.goto(site.url + home))?.status()).toBe(200);
  lookupsFail = true;

  for (const { path, locale, search, home } of [
    { path: '/stuk', locale: 'default', search: 'Zoeken', home: 'Naar de homepage' },
    { path: '/en/broken', locale: 'en', search: 'Search', home: 'Go to the home page' },
  ] as const) {
    const response = await page.goto(site.url + path);
    expect(response?.status(), path).toBe(500);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Internal Server Error 500');
    await page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true }).click();
    await expect(
      page.getByRole('dialog').getByRole('link', { name: MENUS[locale].megamenu.title, exact: true }),
    ).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(
      page.getByRole('contentinfo').getByRole('link', { name: MENUS[locale].footer.title, exact: true }),
    ).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByText(path, { exact: true })).toBeVisible();
    await expect(main.getByRole('searchbox')).toBeVisible();
    await expect(main.getByRole('button', { name: search })).toBeVisible();
    await expect(main.getByRole('link', { name: home })).toBeVisible();
  }
});
