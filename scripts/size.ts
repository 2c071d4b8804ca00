import { chromium } from '@playwright/test';
import { chromiumPath } from '../tests/helpers/chromium.ts';
import { recordScripts } from '../tests/helpers/javascript-weight.ts';
import { BROWSER_USER_AGENT, startSite } from '../tests/helpers/site.ts';

// `npm run size`: the gzipped JavaScript each kind of page makes Chromium load, from the production
// build (run `npm run build` first). The budget for a content page without an animation is 110 KB.

const PAGES = [
  '/over-ons/organisatie',
  '/actualiteiten',
  '/zoeken?q=register',
  '/vind-een-architect?searchTerm=de',
  '/',
];

const site = await startSite();
const browser = await chromium.launch({
  executablePath: chromiumPath(),
  args: ['--no-sandbox'],
});
try {
  const rows: Record<string, Record<string, string | number>> = {};
  for (const path of PAGES) {
    const page = await browser.newPage({ userAgent: BROWSER_USER_AGENT });
    const weight = recordScripts(page);
    await page.goto(site.url + path, { waitUntil: 'networkidle' });
    const { files, totalGzipBytes } = weight();
    rows[path] = {
      files: files.length,
      'gzip KB': Number((totalGzipBytes / 1024).toFixed(1)),
      largest: files
        .sort((a, b) => b.gzipBytes - a.gzipBytes)
        .slice(0, 2)
        .map(({ file, gzipBytes }) => `${file} ${(gzipBytes / 1024).toFixed(1)}`)
        .join(', '),
    };
    await page.close();
  }
  console.table(rows);
} finally {
  await browser.close();
  await site.stop();
}
