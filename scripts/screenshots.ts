import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from '@playwright/test';
import type { Page } from '@playwright/test';
import { chromiumPath } from '../tests/helpers/chromium.ts';
import { BROWSER_USER_AGENT, ROOT, startSite } from '../tests/helpers/site.ts';

// `npm run screenshots`: a full-page screenshot of every template at a phone and a desktop width, from
// the production build (run `npm run build` first), into screenshots/ (ignored by git). For looking at
// the design, not for comparing pixels. PORT picks the site's port; any free one by default.

const TEMPLATES: Record<string, string> = {
  'home-nl': '/',
  'home-en': '/en',
  'content-page': '/over-ons',
  'three-levels': '/inschrijven/buitenlandse-architecten/erkenning-beroepskwalificaties',
  'list-actualities': '/actualiteiten',
  'list-events': '/agenda',
  'list-courses': '/cursussen',
  'list-publications': '/publicaties',
  'list-vacancies': '/over-ons/werken-bij',
  'detail-actuality': '/actualiteiten/register-telt-ruim-14-000-ingeschreven-ontwerpers',
  'detail-event': '/agenda/webinar-herinschrijving-stap-voor-stap',
  'detail-course': '/cursussen/aanbesteden-en-contractvormen',
  'detail-publication': '/publicaties/jaarverslag-2025',
  'detail-vacancy': '/over-ons/werken-bij/beleidsmedewerker-registratie',
  'site-search': '/zoeken?q=register',
  'architect-search': '/vind-een-architect?searchTerm=de',
  'not-found': '/bestaat-niet',
  'statement-accessibility': '/toegankelijkheid',
  'statement-privacy': '/en/privacy-statement',
};

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

/** Scrolls through the page so that lazy images load, then back to the top (the header over the hero). */
const loadLazyImages = async (page: Page) => {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    window.scrollTo(0, 0);
    await Promise.all([...document.images].map((image) => image.decode().catch(() => undefined)));
  });
  // The header's own transition back to transparent.
  await page.waitForTimeout(400);
};

const outputDir = path.join(ROOT, 'screenshots');
await mkdir(outputDir, { recursive: true });

const site = await startSite(process.env.PORT ? { PORT: process.env.PORT } : {});
const browser = await chromium.launch({
  executablePath: chromiumPath(),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
try {
  for (const viewport of VIEWPORTS) {
    const context = await browser.newContext({ viewport, userAgent: BROWSER_USER_AGENT });
    const page = await context.newPage();
    for (const [name, pagePath] of Object.entries(TEMPLATES)) {
      await page.goto(site.url + pagePath);
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
      await loadLazyImages(page);
      const file = path.join(outputDir, `${name}-${viewport.width}.png`);
      await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
      console.log(path.relative(ROOT, file));
    }
    await context.close();
  }
} finally {
  await browser.close();
  await site.stop();
}
