import type { Page } from '@playwright/test';
import { expect, openHydrated, test } from './fixtures.ts';

// The site search (overlay and page) and the architect search, as a visitor uses them: typing,
// submitting, sharing the URL, and without JavaScript.

const resultTitles = (page: Page) => page.locator('.search-result__title');
const architects = (page: Page) => page.locator('.architect__name');

test.describe('site search', () => {
  test('typing in the overlay shows live results; submitting opens the search page with the query', async ({
    page,
    recorded,
  }) => {
    await openHydrated(page, '/over-ons');
    await page.getByRole('button', { name: 'Zoeken' }).click();
    const dialog = page.getByRole('dialog', { name: 'Zoeken op de site' });
    await expect(dialog).toBeVisible();
    const field = dialog.getByRole('searchbox', { name: 'Waar zoekt u naar?' });
    await expect(field).toBeFocused();
    await field.pressSequentially('klacht');
    await expect(dialog.getByRole('status')).toHaveText(/\d+ resultaten?/);
    await expect(dialog.getByRole('link', { name: /Klacht/ }).first()).toBeVisible();
    recorded.reset();

    await field.press('Enter');
    await expect(page).toHaveURL('/zoeken?q=klacht');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Zoeken');
    await expect(resultTitles(page).first()).toContainText(/klacht/i);
    await expect(page.locator('.search-result mark').first()).toBeVisible();
    expect(recorded.documentLoads()).toEqual([]);
  });

  test('the overlay holds the query of the search page it is opened on', async ({ page }) => {
    await openHydrated(page, '/zoeken?q=wet');
    await page.getByRole('banner').getByRole('button', { name: 'Zoeken' }).click();
    await expect(page.getByRole('dialog').getByRole('searchbox')).toHaveValue('wet');
    await expect(page.getByRole('dialog').getByRole('status')).toHaveText(/resultaten?/);
  });

  test('Escape closes the overlay and gives the focus back to its button', async ({ page }) => {
    await openHydrated(page, '/');
    const toggle = page.getByRole('button', { name: 'Zoeken' });
    await toggle.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('the search page refines its results while typing and per type, in the URL', async ({ page }) => {
    await openHydrated(page, '/zoeken');
    await expect(resultTitles(page)).toHaveCount(0);
    await page.getByRole('searchbox', { name: 'Waar zoekt u naar?' }).fill('register');
    await expect(page).toHaveURL('/zoeken?q=register');
    const all = await page.locator('.search-page__count').textContent();
    const filter = page.getByRole('navigation', { name: 'Filter op soort' });
    await filter.getByRole('link', { name: /^Nieuws/ }).click();
    await expect(page).toHaveURL('/zoeken?q=register&type=actualities');
    await expect(page.locator('.search-result__type').first()).toHaveText('Nieuws');
    await expect(page.locator('.search-page__count')).not.toHaveText(all!);
  });

  test('the English search finds English content', async ({ page }) => {
    await openHydrated(page, '/en/search?q=complaint');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search');
    await expect(resultTitles(page).first()).toContainText(/complaint/i);
  });

  test('an empty query shows no results and no error; markup is shown as text', async ({ page }) => {
    await openHydrated(page, '/zoeken?q=%20%20');
    await expect(resultTitles(page)).toHaveCount(0);
    await expect(page.locator('.search-page__notice')).toHaveCount(0);
    await openHydrated(page, `/zoeken?q=${encodeURIComponent('<img src=x onerror=alert(1)>')}`);
    await expect(page.locator('.search-page__count')).toContainText('<img src=x onerror=alert(1)>');
    await expect(page.locator('main img[src="x"]')).toHaveCount(0);
  });
});

test.describe('architect search', () => {
  test('a term with an accent finds the name without, and the other way round', async ({ page }) => {
    await openHydrated(page, '/vind-een-architect?searchTerm=D%C3%BAdok');
    await expect(architects(page).first()).toContainText('Dudok');
    const withAccent = await page.locator('.search-page__count').textContent();
    await openHydrated(page, '/vind-een-architect?searchTerm=Gehr%C3%BF');
    await expect(architects(page).first()).toContainText('Gehry');
    await openHydrated(page, '/vind-een-architect?searchTerm=dudok');
    await expect(page.locator('.search-page__count')).toHaveText(withAccent!);
    await openHydrated(page, '/vind-een-architect?searchTerm=muller');
    await expect(architects(page).first()).toContainText('Müller');
  });

  test('a registration number with and without dots finds the same person', async ({ page }) => {
    await openHydrated(page, '/vind-een-architect?searchTerm=Dudok');
    const first = page.locator('.architect').first();
    const name = await first.locator('.architect__name').textContent();
    const number = /\d\.\d{6}\.\d{3}/.exec((await first.locator('dd').first().textContent()) ?? '')?.[0];
    expect(number).toBeTruthy();
    for (const term of [number!, number!.replaceAll('.', '')]) {
      await openHydrated(page, `/vind-een-architect?searchTerm=${term}`);
      await expect(architects(page)).toHaveCount(1);
      await expect(architects(page)).toHaveText(name!);
    }
  });

  test('filters and pagination change the URL and the results', async ({ page, recorded }) => {
    await openHydrated(page, '/vind-een-architect');
    const field = page.getByRole('searchbox', { name: 'Naam, registratienummer of plaats' });
    await field.fill('de');
    await expect(page).toHaveURL('/vind-een-architect?searchTerm=de');
    await expect(architects(page)).toHaveCount(20);
    await expect(field).toBeFocused();
    const firstPage = await architects(page).allTextContents();

    await page.getByRole('combobox', { name: 'Titel' }).selectOption('urban-planner');
    await expect(page).toHaveURL('/vind-een-architect?searchTerm=de&title=urban-planner');
    await expect(page.locator('.architect dt').first()).toHaveText('Stedenbouwkundige');
    await page.getByRole('combobox', { name: 'Titel' }).selectOption('');
    await page.getByRole('combobox', { name: 'Plaats' }).selectOption('Utrecht');
    await expect(page).toHaveURL('/vind-een-architect?searchTerm=de&place=Utrecht');
    for (const place of await page.locator('.architect__place').allTextContents()) expect(place).toBe('Utrecht');

    await page.getByRole('combobox', { name: 'Plaats' }).selectOption('');
    await expect(page).toHaveURL('/vind-een-architect?searchTerm=de');
    recorded.reset();
    await page.getByRole('navigation', { name: 'Paginering' }).getByRole('link', { name: 'Volgende' }).click();
    await expect(page).toHaveURL('/vind-een-architect?searchTerm=de&page=2');
    await expect(architects(page).first()).not.toHaveText(firstPage[0]!);
    expect(recorded.documentLoads()).toEqual([]);
  });

  test('the English page labels titles in English', async ({ page }) => {
    await openHydrated(page, '/en/find-an-architect?searchTerm=Dudok&title=architect');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find an architect');
    await expect(page.locator('.architect dt').first()).toHaveText('Architect');
    await expect(page.locator('.search-page__count')).toHaveText(/(person|people) found in the register/);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the search forms work and a shared URL renders the same results', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Zoeken' }).click();
    await expect(page).toHaveURL('/zoeken');
    await page.getByRole('searchbox', { name: 'Waar zoekt u naar?' }).fill('klacht');
    await page.getByRole('search').getByRole('button', { name: 'Zoeken' }).click();
    await expect(page).toHaveURL('/zoeken?q=klacht');
    const titles = await resultTitles(page).allTextContents();
    expect(titles.length).toBeGreaterThan(0);

    await page.goto('/vind-een-architect');
    await page.getByRole('searchbox', { name: 'Naam, registratienummer of plaats' }).fill('Dudok');
    await page.getByRole('combobox', { name: 'Titel' }).selectOption('architect');
    await page.getByRole('search').getByRole('button', { name: 'Zoeken' }).click();
    await expect(page).toHaveURL(/\/vind-een-architect\?searchTerm=Dudok&title=architect/);
    await expect(architects(page).first()).toContainText('Dudok');
  });

  test('the URL of a search renders its results on the server', async ({ page, browser }) => {
    const enhanced = await browser.newPage({ javaScriptEnabled: true });
    await openHydrated(enhanced, '/zoeken?q=register');
    const expected = await enhanced.locator('.search-result__title').allTextContents();
    await enhanced.close();
    await page.goto('/zoeken?q=register');
    expect(await resultTitles(page).allTextContents()).toEqual(expected);
  });
});

test('each search field has a hint, and a search the site cannot read says so at its field', async ({ page }) => {
  await openHydrated(page, '/zoeken?q=wet');
  const query = page.getByRole('main').getByRole('searchbox', { name: 'Waar zoekt u naar?' });
  await expect(query).toHaveAccessibleDescription(/^Een woord of het begin ervan/);
  await expect(query).not.toHaveAttribute('aria-invalid');

  await openHydrated(page, '/zoeken?q=wet&type=people');
  await expect(query).toHaveAttribute('aria-invalid', 'true');
  await expect(query).toHaveAccessibleDescription(/Een woord.*Deze zoekopdracht kunnen we niet lezen/);
  await expect(page.locator('.search-form__error')).toBeVisible();

  await openHydrated(page, '/en/find-an-architect?searchTerm=de&title=astronaut');
  const term = page.getByRole('searchbox', { name: 'Name, registration number or place' });
  await expect(term).toHaveAttribute('aria-invalid', 'true');
  await expect(term).toHaveAccessibleDescription(/^For example .*We could not read this search/);
});
