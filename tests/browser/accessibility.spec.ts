import type { Page } from '@playwright/test';
import { analyse } from './axe.ts';
import { expect, openHydrated, test } from './fixtures.ts';

// WCAG 2.2 AA as axe checks it, on every kind of page in both languages, with the menu closed and open
// (the open menu is analysed on its own: the page behind it is inert). axe's analysis of a whole page
// (colour contrast above all) takes seconds on a busy machine, and a list test analyses two pages: a
// minute per test.

test.describe.configure({ timeout: 60_000 });

const LIST_PAGES = {
  nl: {
    actualities: '/actualiteiten',
    events: '/agenda',
    courses: '/cursussen',
    vacancies: '/over-ons/werken-bij',
    publications: '/publicaties',
  },
  en: {
    actualities: '/en/news',
    events: '/en/events',
    courses: '/cursussen',
    vacancies: '/en/about-us/careers',
    publications: '/en/publications',
  },
};
const THREE_LEVELS = {
  nl: '/inschrijven/buitenlandse-architecten/erkenning-beroepskwalificaties',
  en: '/en/registration/foreign-architects/recognition-of-professional-qualifications',
};

const violations = async (page: Page, only?: string) => {
  const results = await analyse(page, { tags: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] }, only);
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
};

const expectNoViolations = async (page: Page, path: string) => {
  await openHydrated(page, path);
  expect(await violations(page), path).toEqual([]);
  const menu = page.locator('dialog.mega-menu-panel');
  await page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true }).click();
  await expect(menu).toBeVisible();
  expect(await violations(page, 'dialog.mega-menu-panel'), `${path} with the menu open`).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
};

for (const locale of ['nl', 'en'] as const) {
  test.describe(`${locale} pages`, () => {
    test('the home page', async ({ page }) => {
      await expectNoViolations(page, locale === 'nl' ? '/' : '/en');
    });

    test('a three-level page', async ({ page }) => {
      await expectNoViolations(page, THREE_LEVELS[locale]);
    });

    for (const [collection, listPath] of Object.entries(LIST_PAGES[locale])) {
      test(`a ${collection} list and one of its entries`, async ({ page }) => {
        await expectNoViolations(page, listPath);
        const detail = await page.locator('.block--collection-list .card__title a').first().getAttribute('href');
        expect(detail).toBeTruthy();
        await expectNoViolations(page, detail!);
      });
    }
  });
}

test.describe('paged lists, registrations and the report form', () => {
  for (const path of [
    '/actualiteiten?pagina=2',
    '/en/events?page=2',
    '/vind-een-architect/1.940125.001',
    '/en/find-an-architect/1.940125.001',
    '/vind-een-architect/1.999999.999',
    '/en/the-law/report-title-misuse',
  ]) {
    test(`the page ${path}`, async ({ page }) => {
      await expectNoViolations(page, path);
    });
  }
});

test.describe('search', () => {
  for (const path of [
    '/zoeken?q=register',
    '/en/find-an-architect?searchTerm=de&title=architect',
    '/vind-een-architect?searchTerm=%3Cb%3E&page=-1',
  ]) {
    test(`the search page ${path}`, async ({ page }) => {
      await expectNoViolations(page, path);
    });
  }

  test('the search overlay open, with results', async ({ page }) => {
    await openHydrated(page, '/');
    await page.getByRole('banner').getByRole('button', { name: 'Zoeken' }).click();
    await page.getByRole('dialog').getByRole('searchbox').fill('klacht');
    await expect(page.getByRole('dialog').getByRole('status')).toHaveText(/resultaten/);
    expect(await violations(page)).toEqual([]);
  });
});
