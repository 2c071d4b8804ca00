import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type * as Axe from 'axe-core';

// axe-core run in the page itself. Its minified source (650 KB) is evaluated once per document, and
// each analysis is one call in place: analysing through @axe-core/playwright evaluated the full source
// (1.5 MB) again and opened a page of its own to finish every analysis, about a second each, which made
// the accessibility and width tests half of the browser suite's time.

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe's results for the rules named or the tags given, within `within` (a CSS selector) or the whole
 * document. Evaluated through DevTools, which the page's Content-Security-Policy does not govern (a
 * script tag with the source would be refused).
 */
export const analyse = async (
  page: Page,
  only: { rules: string[] } | { tags: string[] },
  within?: string,
): Promise<Axe.AxeResults> => {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const runOnly =
    'rules' in only ? { type: 'rule' as const, values: only.rules } : { type: 'tag' as const, values: only.tags };
  return page.evaluate(
    ({ context, options }) => (window as unknown as { axe: typeof Axe }).axe.run(context ?? document, options),
    { context: within, options: { runOnly } },
  );
};
