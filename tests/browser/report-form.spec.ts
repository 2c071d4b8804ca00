import type { Page } from '@playwright/test';
import { analyse } from './axe.ts';
import { REFERENCE, confirmationAt } from '../helpers/report-confirmation.ts';
import { expect, openHydrated, test } from './fixtures.ts';

// The title-misuse report, used with the keyboard only, in both languages at phone and desktop widths:
// without JavaScript (the site answers 422 with the form again, then 303 to the confirmation) and with it
// (the same in place, without a page load). The error summary takes focus and its links move focus to
// their fields; the confirmation takes focus; axe (which runs in the page, so with JavaScript) finds
// nothing on the form with errors, the confirmation in place, and the confirmation page.

test.describe.configure({ timeout: 60_000 });

const PAGES = {
  nl: {
    path: '/de-wet/titelmisbruik-melden',
    problem: 'Er is een probleem',
    kindError: 'Kies of u een persoon of een bureau meldt',
    name: 'Naam van de persoon of het bureau',
    where: 'Waar werd de titel gebruikt?',
    details: 'Wat heeft u gezien?',
    architect: 'Architect',
    received: 'Wij hebben uw melding ontvangen',
    reference: 'Uw kenmerk',
  },
  en: {
    path: '/en/the-law/report-title-misuse',
    problem: 'There is a problem',
    kindError: 'Choose whether you are reporting a person or a bureau',
    name: 'Name of the person or bureau',
    where: 'Where was the title used?',
    details: 'What did you see?',
    architect: 'Architect',
    received: 'We have received your report',
    reference: 'Your reference',
  },
} as const;
type Texts = (typeof PAGES)[keyof typeof PAGES];

const WIDTHS = [390, 1280] as const;

const violations = async (page: Page) =>
  (await analyse(page, { tags: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] }, 'main')).violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');
const focusedClass = (page: Page) => page.evaluate(() => document.activeElement?.className ?? '');

/** Submits with the keyboard: Enter on the submit button. */
const submit = async (page: Page) => {
  await page.locator('.report-form button[type="submit"]').focus();
  await page.keyboard.press('Enter');
};

/** From a refused form: follows the summary's first link (to the radios), then fills in with the keyboard. */
const correct = async (page: Page, texts: Texts) => {
  const summary = page.locator('.error-summary');
  await expect(summary).toBeVisible();
  await expect(summary).toContainText(texts.problem);
  await expect.poll(() => focusedClass(page)).toBe('error-summary');
  // Tab to the first link, Enter: focus moves to the field it names.
  await page.keyboard.press('Tab');
  await expect(page.locator('.error-summary a').first()).toBeFocused();
  await expect(page.locator('.error-summary a').first()).toHaveText(texts.kindError);
  await page.keyboard.press('Enter');
  await expect.poll(() => focusedId(page)).toBe('report-subject_kind');
  // Space checks the focused radio; Tab goes on to the name.
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel(texts.name)).toBeFocused();
  await page.keyboard.type('Bouwbureau Toets');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(page.getByRole('radio', { name: texts.architect, exact: true })).toBeChecked();
  await page.getByLabel(texts.where).focus();
  await page.keyboard.type('https://toets.example.nl');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel(texts.details)).toBeFocused();
  await page.keyboard.type('Noemt zich architect op de website.');
};

for (const [locale, texts] of Object.entries(PAGES)) {
  for (const width of WIDTHS) {
    test.describe(`${locale} at ${width} px`, () => {
      test.use({ viewport: { width, height: 900 } });

      test.describe('without JavaScript', () => {
        test.use({ javaScriptEnabled: false });

        test('a refused post comes back with a focused summary, a corrected one ends on the confirmation', async ({
          page,
        }) => {
          await page.goto(texts.path);
          await submit(page);
          await expect(page).toHaveURL(new RegExp(`${texts.path}$`));
          await expect(page.locator('.form-field__error').first()).toBeVisible();
          await correct(page, texts);
          await submit(page);
          await expect(page).toHaveURL(confirmationAt(texts.path, 'received'));
          const confirmation = page.locator('.form-confirmation');
          await expect(confirmation).toContainText(texts.received);
          // The reference in the confirmation is the one in its address.
          const reference = new URL(page.url()).searchParams.get('reference');
          await expect(confirmation.getByRole('definition')).toHaveText(reference!);
          await expect(confirmation.getByRole('term')).toHaveText(texts.reference);
          await expect.poll(() => focusedClass(page)).toContain('form-confirmation');
        });
      });

      test('with JavaScript the same happens in place, without a page load', async ({ page, recorded }) => {
        await openHydrated(page, texts.path);
        recorded.reset();
        await submit(page);
        await expect(page.locator('.error-summary')).toBeVisible();
        expect(await violations(page)).toEqual([]);
        await correct(page, texts);
        await submit(page);
        const confirmation = page.locator('.form-confirmation');
        await expect(confirmation).toContainText(texts.received);
        await expect(confirmation.getByRole('definition')).toHaveText(REFERENCE);
        await expect.poll(() => focusedClass(page)).toContain('form-confirmation');
        expect(recorded.documentLoads()).toEqual([]);
        expect(await violations(page)).toEqual([]);
        // The browser checked the report before posting it: one post, and only the valid one.
        const posts = recorded.requests.filter((request) => request.method() === 'POST');
        expect(posts).toHaveLength(1);
        expect(posts[0]?.postDataJSON()).toMatchObject({ subject_kind: 'person', title_used: 'architect' });
        // The confirmation a post without JavaScript is sent to (axe needs the page's scripts).
        await openHydrated(page, `${texts.path}?status=received&reference=7K3F-9Q2M`);
        await expect(page.locator('.form-confirmation')).toContainText(texts.received);
        expect(await violations(page)).toEqual([]);
      });
    });
  }
}
