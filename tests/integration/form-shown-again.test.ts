import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUSED_REPORT, postReport } from '../helpers/report-post.ts';
import { openSite } from '../helpers/site.ts';
import type { Site } from '../helpers/site.ts';

// A report posted without JavaScript and refused is shown again on its page; the page's title says so
// first, as GOV.UK's and NL Design System's validation pattern asks, since it is the first thing a screen
// reader reads of the new page.

let site: Site;
beforeAll(async () => {
  site = await openSite();
});
afterAll(async () => {
  await site?.stop();
});

const FORMS = {
  nl: { path: '/de-wet/titelmisbruik-melden', prefix: 'Fout: ' },
  en: { path: '/en/the-law/report-title-misuse', prefix: 'Error: ' },
};

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

describe('a form shown again with its errors', () => {
  for (const [language, { path, prefix }] of Object.entries(FORMS)) {
    it(`names the errors first in its title (${language})`, async () => {
      const plain = titleOf(await (await fetch(site.url + path)).text());
      expect(plain).toBeDefined();
      expect(plain).not.toMatch(/^(Fout|Error):/);
      const refused = await postReport(site.url, REFUSED_REPORT, { path });
      expect(refused.status).toBe(422);
      expect(titleOf(await refused.text())).toBe(`${prefix}${plain}`);
    });
  }
});
