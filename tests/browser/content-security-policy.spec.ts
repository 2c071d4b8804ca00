import { expect, openHydrated, test } from './fixtures.ts';

// Every page template under the site's Content Security Policy, rendered fresh (a nonce) and then from
// the page cache (hashes, no nonce): no violation is reported, and the page hydrates and navigates.

const TEMPLATES = [
  '/',
  '/over-ons',
  '/over-ons/medewerkers',
  '/actualiteiten',
  '/actualiteiten/register-telt-ruim-14-000-ingeschreven-ontwerpers',
  '/agenda',
  '/cursussen',
  '/publicaties',
  '/inschrijven/beroepservaringsperiode',
  '/zoeken?q=klacht',
  '/vind-een-architect?searchTerm=dudok',
  '/en',
  '/en/news',
  '/bestaat-niet',
];

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const violations: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = violations;
    document.addEventListener('securitypolicyviolation', (event) =>
      violations.push(`${event.violatedDirective}: ${event.blockedURI}`),
    );
  });
});

for (const path of TEMPLATES) {
  test(`${path} has no CSP violation, fresh and from the cache`, async ({ page, recorded }) => {
    recorded.allowConsoleErrors(/404/);
    for (const view of ['fresh', 'cached']) {
      const response = await page.goto(path);
      const policy = response!.headers()['content-security-policy'] ?? '';
      expect(policy, view).not.toContain("'unsafe-inline' 'unsafe-eval'");
      expect(policy.match(/script-src [^;]*/)![0], view).not.toMatch(/unsafe-(inline|eval)/);
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
      expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations), view).toEqual(
        [],
      );
    }
  });
}

test('a client navigation causes no violation', async ({ page }) => {
  await openHydrated(page, '/');
  await page.getByRole('button', { name: /menu/i }).first().click();
  await page.getByRole('dialog').getByRole('link', { name: 'Contact' }).first().click();
  await expect(page).toHaveURL(/\/contact$/);
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
});
