import type { Page } from '@playwright/test';
import { expect, openHydrated, test } from './fixtures.ts';

// Paging the lists and the end of a detail page, in both languages at a phone's and a desktop's width:
// plain links without JavaScript, client navigation by payload with it.

const LANGUAGES = [
  {
    path: '/actualiteiten',
    param: 'pagina',
    heading: /^Actualiteiten – pagina 2 van \d+$/,
    next: 'Volgende',
    two: 'Pagina 2',
  },
  { path: '/en/news', param: 'page', heading: /^News – page 2 of \d+$/, next: 'Next', two: 'Page 2' },
] as const;
const WIDTHS = [390, 1280] as const;

const cardLinks = (page: Page) =>
  page
    .locator('.block--collection-list .card__title a')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
const cardDays = (page: Page) =>
  page
    .locator('.block--collection-list .card time')
    .evaluateAll((times) => times.map((time) => time.getAttribute('datetime') ?? ''));
const pagination = (page: Page) => page.getByRole('navigation', { name: /^(Paginering|Pagination)$/ });

for (const width of WIDTHS) {
  for (const { path, param, heading, next, two } of LANGUAGES) {
    test.describe(`${path} at ${width} px`, () => {
      test.use({ viewport: { width, height: 900 } });

      test.describe('without JavaScript', () => {
        test.use({ javaScriptEnabled: false });

        test('"next" loads page 2', async ({ page }) => {
          await page.goto(path);
          const first = await cardLinks(page);
          await pagination(page).getByRole('link', { name: next }).click();
          await expect(page).toHaveURL(`${path}?${param}=2`);
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
          const second = await cardLinks(page);
          expect(second.length).toBeGreaterThan(0);
          expect(second.filter((href) => first.includes(href))).toEqual([]);
        });
      });

      test('page 2 opens by payload, without a document load, and shows older items', async ({ page, recorded }) => {
        await openHydrated(page, path);
        const first = await cardLinks(page);
        const firstDays = await cardDays(page);
        recorded.reset();
        await pagination(page).getByRole('link', { name: two, exact: true }).click();
        await expect(page).toHaveURL(`${path}?${param}=2`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
        await expect(pagination(page).locator('[aria-current="page"]')).toHaveText('2');
        const second = await cardLinks(page);
        expect(second.filter((href) => first.includes(href))).toEqual([]);
        expect(recorded.documentLoads()).toEqual([]);
        expect(recorded.payloadFetches().length).toBeGreaterThan(0);
        await expect(page).toHaveTitle(new RegExp(heading.source.replace('$', ' \\|')));
        // Older: no item on page 2 is newer than the last on page 1.
        const secondDays = await cardDays(page);
        expect(secondDays.every((day) => day <= firstDays.at(-1)!)).toBe(true);
      });

      test('a detail page links its neighbours and related items', async ({ page, recorded }) => {
        await openHydrated(page, path);
        const [newer, own, older] = await cardLinks(page);
        await page.goto(own!);
        await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
        const neighbours = page.locator('.entry-nav');
        await expect(neighbours.locator('a[rel="prev"]')).toHaveAttribute('href', newer!);
        await expect(neighbours.locator('a[rel="next"]')).toHaveAttribute('href', older!);
        await expect(page.locator('.entry-related .card')).toHaveCount(3);

        recorded.reset();
        await neighbours.locator('a[rel="next"]').click();
        await expect(page).toHaveURL(older!);
        await expect(page.locator('.entry-nav a[rel="prev"]')).toHaveAttribute('href', own!);
        const related = page.locator('.entry-related .card__title a').first();
        const target = await related.getAttribute('href');
        await related.click();
        await expect(page).toHaveURL(target!);
        expect(recorded.documentLoads()).toEqual([]);
      });
    });
  }
}

test('choosing a filter on page 2 starts the filtered list at its page 1', async ({ page, recorded }) => {
  await openHydrated(page, '/actualiteiten?pagina=2');
  recorded.reset();
  await page.getByRole('checkbox', { name: 'Nieuws' }).check();
  await expect(page).toHaveURL('/actualiteiten?type=nieuws');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Actualiteiten');
  await expect(pagination(page).locator('[aria-current="page"]')).toHaveText('1');
  await pagination(page).getByRole('link', { name: 'Volgende' }).click();
  await expect(page).toHaveURL('/actualiteiten?type=nieuws&pagina=2');
  await expect(page.getByRole('checkbox', { name: 'Nieuws' })).toBeChecked();
  expect(recorded.documentLoads()).toEqual([]);
});
