import { samplePeople } from '../../sample-cms/register/people.ts';
import type { Registration } from '../../src/common/register-types.ts';
import { expect, openHydrated, test } from './fixtures.ts';

// Checking a registration as a visitor does: search, follow a result to its page, read the status. A
// suspended and a struck-off person are found and shown as such, in both languages, on a phone and a
// desktop.

const people = samplePeople().filter((person) => person.registrations.length === 1);
const only = (kind: Registration['status']['kind']) =>
  people.find((person) => person.registrations[0]!.status.kind === kind)!.registrations[0]!;
const suspended = only('suspended');
const struckOff = only('struck-off');
const day = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
const dateOf = ({ status }: Registration) =>
  status.kind === 'suspended' ? status.until : status.kind === 'struck-off' ? status.date : '';

const LANGUAGES = [
  {
    search: '/vind-een-architect',
    field: 'Naam, registratienummer of plaats',
    suspended: (date: string) => `Geschorst tot ${day(date, 'nl-NL')}`,
    struckOff: (date: string) => `Doorgehaald op ${day(date, 'nl-NL')}`,
  },
  {
    search: '/en/find-an-architect',
    field: 'Name, registration number or place',
    suspended: (date: string) => `Suspended until ${day(date, 'en-GB')}`,
    struckOff: (date: string) => `Struck off on ${day(date, 'en-GB')}`,
  },
];

for (const width of [390, 1280]) {
  for (const language of LANGUAGES) {
    test.describe(`${language.search} at ${width} px`, () => {
      test.use({ viewport: { width, height: 900 } });

      for (const [registration, says] of [
        [suspended, language.suspended],
        [struckOff, language.struckOff],
      ] as const) {
        test(`a ${registration.status.kind} person is found, and their page says so first`, async ({ page }) => {
          await openHydrated(page, language.search);
          await page.getByRole('searchbox', { name: language.field }).fill(registration.number);
          await expect(page).toHaveURL(`${language.search}?searchTerm=${registration.number}`);
          const result = page.locator('.architect');
          await expect(result).toHaveCount(1);
          const status = says(dateOf(registration));
          await expect(result.locator('.registration-badge')).toContainText(status);

          await result.getByRole('link').click();
          await expect(page).toHaveURL(`${language.search}/${registration.number}`);
          const main = page.getByRole('main');
          // The status in words comes before the person's name.
          await expect(main.locator('.registration-status__text')).toContainText(status);
          const [statusBox, heading] = await Promise.all([
            main.locator('.registration-status').boundingBox(),
            main.getByRole('heading', { level: 1 }).boundingBox(),
          ]);
          expect(statusBox!.y).toBeLessThan(heading!.y);
          await expect(main.locator('.registration-facts .architect__number')).toHaveText(registration.number);
          // Nothing runs off the side of a phone.
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        });
      }
    });
  }
}

/** The longest registration page of the sample register: two titles and a measure in force. */
const fullest = samplePeople().find(
  ({ registrations }) => registrations.length === 2 && registrations.some(({ measures }) => measures.length),
)!.registrations[0]!;

test('a registration prints on one A4 page with the site, its address and the moment of the register', async ({
  page,
}, testInfo) => {
  await openHydrated(page, `/vind-een-architect/${fullest.number}`);
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.site-header')).toBeHidden();
  await expect(page.locator('.site-footer')).toBeHidden();
  const source = page.locator('.registration-page__source');
  await expect(source).toBeVisible();
  await expect(source).toContainText(`Architectenregister · http`);
  await expect(source).toContainText(`/vind-een-architect/${fullest.number}`);
  await expect(page.locator('.registration-status__moment')).toBeVisible();
  await expect(page.locator('.registration-page__proof')).toBeVisible();

  const pdf = await page.pdf({ format: 'A4' });
  await testInfo.attach('registration.pdf', { body: pdf, contentType: 'application/pdf' });
  // Each page of a PDF is an object of `/Type /Page`; the page tree is `/Type /Pages`.
  expect(pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g)).toHaveLength(1);
});
