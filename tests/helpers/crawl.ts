import { BROWSER_USER_AGENT } from './site.ts';

export interface CrawledPage {
  path: string;
  status: number;
  html: string;
  /** Where a page linked to it from. */
  from: string;
  /** Its Retry-After header (a 503 for the CMS's rate limit), or null. */
  retryAfter: string | null;
}

const INTERNAL_LINK = /<a\b[^>]*\shref="(\/[^"#]*)"/g;
const SKIPPED = /^\/(assets|cms)\//;

const decodeEntities = (value: string) => value.replaceAll('&amp;', '&');

/**
 * Follows every internal link from the start paths, each path once, up to `limit` pages (HTML answers
 * only). Several bases (replicas of one site) are asked in turns.
 */
export const crawl = async (
  base: string | readonly string[],
  starts: string[],
  limit = 400,
): Promise<CrawledPage[]> => {
  const bases = typeof base === 'string' ? [base] : base;
  let asked = 0;
  const seen = new Set(starts);
  const queue = starts.map((path) => ({ path, from: '(start)' }));
  const pages: CrawledPage[] = [];
  while (queue.length && pages.length < limit) {
    const batch = queue.splice(0, 8);
    const results = await Promise.all(
      batch.map(async ({ path, from }) => {
        const response = await fetch(bases[asked++ % bases.length]! + path, {
          redirect: 'manual',
          headers: { 'User-Agent': BROWSER_USER_AGENT },
        });
        const html = response.headers.get('content-type')?.startsWith('text/html') ?? true;
        return {
          path,
          from,
          status: response.status,
          retryAfter: response.headers.get('retry-after'),
          html: await response.text(),
          isPage: html,
        };
      }),
    );
    // Feeds and calendar files are linked from pages, but are no pages.
    for (const { isPage, ...page } of results) {
      if (!isPage) continue;
      pages.push(page);
      for (const [, href] of page.html.matchAll(INTERNAL_LINK)) {
        const path = decodeEntities(href!);
        if (SKIPPED.test(path) || path.startsWith('//') || seen.has(path)) continue;
        seen.add(path);
        queue.push({ path, from: page.path });
      }
    }
  }
  return pages;
};

export const titleOf = (html: string): string | undefined => /<title>([^<]*)<\/title>/.exec(html)?.[1];
