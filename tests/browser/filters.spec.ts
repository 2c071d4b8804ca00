import type { Page } from '@playwright/test';
import { expect, openHydrated, test } from './fixtures.ts';

// The list filters of news, events and courses: in the URL, live, without JavaScript, and kept in the
// client state under the keys docs/specification.md section 3 gives them (courses under `events`, events
// under `courses`).

const cards = (page: Page) => page.locator('.block--collection-list .card');
const filters = async (page: Page) =>
  JSON.parse((await page.locator('html').getAttribute('data-filters')) ?? '{}') as Record<
    string,
    { search: string; selectors: string[] }
  >;

test('the courses list filters by type, in the URL, and keeps its state under `events`', async ({ page, recorded }) => {
  await openHydrated(page, '/cursussen');
  const all = await cards(page).count();
  await expect(page.locator('.list-filter')).toHaveAttribute('data-filter-key', 'events');
  recorded.reset();

  await page.getByRole('checkbox', { name: 'Masterclass' }).check();
  await expect(page).toHaveURL('/cursussen?type=masterclass');
  await expect(page.locator('.list-filter__count')).toHaveText('3 gevonden');
  await expect(cards(page)).toHaveCount(3);
  expect(recorded.documentLoads()).toEqual([]);
  await expect
    .poll(() => filters(page))
    .toMatchObject({ events: { search: '', selectors: ['type:masterclass'] }, courses: { search: '', selectors: [] } });

  await page.getByRole('link', { name: 'Alles tonen' }).click();
  await expect(page).toHaveURL('/cursussen');
  await expect(cards(page)).toHaveCount(all);
  await expect(page.getByRole('checkbox', { name: 'Masterclass' })).not.toBeChecked();
});

test('the events list filters by search text and keeps its state under `courses`', async ({ page }) => {
  await openHydrated(page, '/agenda');
  await expect(page.locator('.list-filter')).toHaveAttribute('data-filter-key', 'courses');
  const field = page.getByRole('searchbox', { name: 'Zoek in de lijst' });
  await field.fill('webinar');
  await expect(page).toHaveURL('/agenda?search=webinar');
  await expect(field).toBeFocused();
  for (const title of await page.locator('.block--collection-list .card__title').allTextContents())
    expect(title.toLowerCase()).toContain('webinar');
  await expect
    .poll(() => filters(page))
    .toMatchObject({ courses: { search: 'webinar', selectors: [] }, events: { search: '', selectors: [] } });
});

test('a shared filtered URL shows the filtered list, and news filters by discipline', async ({ page }) => {
  await openHydrated(page, '/actualiteiten?discipline=stedenbouw');
  await expect(page.getByRole('checkbox', { name: 'Stedenbouw' })).toBeChecked();
  await expect(page.locator('.list-filter__count')).toHaveText(/\d+ gevonden/);
  await expect.poll(() => filters(page)).toMatchObject({ actualities: { selectors: ['discipline:stedenbouw'] } });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the filter is a GET form', async ({ page }) => {
    await page.goto('/cursussen');
    await page.getByRole('checkbox', { name: 'Masterclass' }).check();
    await page.getByRole('button', { name: 'Filteren' }).click();
    await expect(page).toHaveURL('/cursussen?search=&type=masterclass');
    await expect(cards(page)).toHaveCount(3);
  });
});
