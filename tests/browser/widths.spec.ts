import type { Page } from '@playwright/test';
import { analyse } from './axe.ts';
import { expect, openHydrated, test } from './fixtures.ts';

// Every template from a small phone to a desktop: one page load, resized, and at each width no sideways
// scrolling, and a header whose controls are all there and readable over the page's theme (axe's colour
// contrast; a contrast axe cannot decide fails too).

const WIDTHS = [320, 390, 768, 1280] as const;
/** Widths between and beyond those, up to a wide desktop: checked for sideways scrolling only. */
const MORE_WIDTHS = [360, 414, 1024, 1440] as const;
const HEIGHT = 800;
/** How far the home page may scroll with the header over its hero (page-state.tsx). */
const PAST_THE_HERO = 200;

const TEMPLATES: Record<string, string> = {
  'the Dutch home page': '/',
  'the English home page': '/en',
  'a content page': '/over-ons',
  'a page three levels deep': '/inschrijven/buitenlandse-architecten/erkenning-beroepskwalificaties',
  'the actualities list': '/actualiteiten',
  'the events list': '/agenda',
  'the courses list': '/cursussen',
  'the publications list': '/publicaties',
  'the vacancies list': '/over-ons/werken-bij',
  'an actuality': '/actualiteiten/register-telt-ruim-14-000-ingeschreven-ontwerpers',
  'an event': '/agenda/webinar-herinschrijving-stap-voor-stap',
  'a course': '/cursussen/aanbesteden-en-contractvormen',
  'a publication': '/publicaties/jaarverslag-2025',
  'a vacancy': '/over-ons/werken-bij/beleidsmedewerker-registratie',
  'the site search with results': '/zoeken?q=register',
  'the architect search with results': '/vind-een-architect?searchTerm=de',
  'a second page of a list': '/actualiteiten?pagina=2',
  'a registration with two titles': '/vind-een-architect/1.940125.001',
  'a number not in the register': '/vind-een-architect/1.999999.999',
  'the title-misuse report form': '/de-wet/titelmisbruik-melden',
  'a missing page': '/bestaat-niet',
};

const HEADER_TEXT = {
  nl: { search: 'Zoeken', find: 'Vind een architect', site: 'Architectenregister' },
  en: { search: 'Search', find: 'Find an architect', site: "Architects' Register" },
};

const expectNoOverflow = async (page: Page, where: string) => {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${where}: pixels of sideways scrolling`).toBeLessThanOrEqual(0);
};

const expectReadableHeader = async (page: Page, where: string) => {
  const locale = (await page.locator('html').getAttribute('lang')) === 'en' ? 'en' : 'nl';
  const text = HEADER_TEXT[locale];
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: text.site }), where).toBeVisible();
  await expect(banner.getByRole('button', { name: text.search }), where).toBeVisible();
  await expect(banner.getByRole('link', { name: text.find }), where).toBeVisible();
  await expect(banner.locator('a[hreflang]'), where).toBeVisible();
  await expect(banner.locator('.menu-toggle'), where).toBeVisible();
  const results = await analyse(page, { rules: ['color-contrast'] }, '.site-header');
  const problems = [...results.violations, ...results.incomplete].flatMap((result) =>
    result.nodes.map(
      (node) => `${result.id}: ${node.target.join(' ')} ${node.any.map((check) => check.message).join(' ')}`,
    ),
  );
  expect(problems, `${where}: header contrast`).toEqual([]);
};

/** The header has taken its state and finished its change of background (a 0.3 s transition). */
const headerSettled = async (page: Page, overHero: boolean) => {
  const html = page.locator('html');
  if (overHero) await expect(html).toHaveAttribute('data-header-trans');
  else await expect(html).not.toHaveAttribute('data-header-trans');
  await expect(page.locator('.site-header')).toHaveCSS(
    'background-color',
    overHero ? 'rgba(0, 0, 0, 0)' : 'rgb(255, 255, 255)',
  );
};

for (const [name, path] of Object.entries(TEMPLATES)) {
  test(`${name} fits every width and its header stays readable`, async ({ page, recorded }) => {
    recorded.allowConsoleErrors(/status of 404 \(Not Found\)/);
    const isHome = path === '/' || path === '/en';
    // The home page is checked twice at each width: over its hero and scrolled.
    if (isHome) test.slow();
    await page.setViewportSize({ width: WIDTHS[0], height: HEIGHT });
    await openHydrated(page, path);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: HEIGHT });
      await expectNoOverflow(page, `${width} px`);
      if (isHome) {
        await page.evaluate(() => window.scrollTo(0, 0));
        await headerSettled(page, true);
        await expectReadableHeader(page, `${width} px, over the hero`);
        await page.evaluate((y) => window.scrollTo(0, y), PAST_THE_HERO);
        await headerSettled(page, false);
        await expectReadableHeader(page, `${width} px, scrolled`);
      } else {
        await expectReadableHeader(page, `${width} px`);
      }
    }
    for (const width of MORE_WIDTHS) {
      await page.setViewportSize({ width, height: HEIGHT });
      await expectNoOverflow(page, `${width} px`);
    }
  });
}
