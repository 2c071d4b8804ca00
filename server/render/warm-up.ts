import type { Logger } from 'pino';
import { LOCALES, localizedPath } from '../../src/common/routes.ts';
import type { PageAddress } from '../../src/common/contract.ts';
import type { Renderers } from './bundles.ts';
import { renderToBuffer } from './render-to-buffer.ts';

/**
 * The site's own 404 page, asked of the server as a browser asks (compressed): Express's router, the
 * page handler, the streaming and its compression run once too. A 404 is never kept, so it is rendered
 * whatever the page caches hold, and it needs no CMS answer the home pages did not. A user agent taken
 * for a crawler would get the status line alone.
 */
const askForNotFoundPage = async (origin: string) => {
  const response = await fetch(`${origin}/404`, {
    headers: {
      'Accept-Encoding': 'gzip, deflate, br',
      'User-Agent': 'Mozilla/5.0 (compatible; architectenregister-website warm-up)',
      'X-Request-Id': 'warm-up',
    },
  });
  await response.arrayBuffer();
};

/**
 * A new process renders, into memory, the home page of each language and a page of each other template
 * (the first entry of each collection, the site search; src/server-components/template-samples.ts),
 * then asks itself for its 404 page over HTTP, before it says it is ready: its first visitors do not
 * pay for V8's first runs of the request and render paths (the code is interpreted until it is hot, and
 * client modules load at their first use), and the app-start data, the lists, the team, those entries
 * and the search index are in memory. No page is kept in the page cache. A slow or failing CMS delays
 * readiness by at most `limitMs` (WARM_UP_LIMIT_MS) and never fails the start: the first visitors then
 * fetch what is missing, as they would without a warm-up.
 */
export const warmUp = async ({
  renderers,
  log,
  limitMs,
  origin,
}: {
  renderers: Renderers;
  log: Logger;
  limitMs: number;
  /** This server, listening (server/http/local-origin.ts). */
  origin: string;
}): Promise<void> => {
  const started = performance.now();
  const render = async ({ pathname, search }: PageAddress) => {
    // A background render: the warm-up leaves the CMS rate limit's reserve to visitors (of the other replicas).
    const page = await renderers.rsc.resolve({
      pathname,
      search,
      requestId: `warm-up:${pathname}${search}`,
      background: true,
    });
    await renderToBuffer(renderers, page, 'html');
    return { path: pathname + search, status: page.status };
  };
  // The samples are found in the lists the home pages ask for: both wait for the same CMS answers.
  const pages = Promise.all([
    ...LOCALES.map((locale) => render({ pathname: localizedPath(locale, '/'), search: '' })),
    renderers.rsc.templateSamples().then((samples) => Promise.all(samples.map(render))),
  ])
    .then((rendered) => rendered.flat())
    .then(async (rendered) => {
      await askForNotFoundPage(origin);
      return rendered;
    });
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(resolve, limitMs, 'late')));
  try {
    const outcome = await Promise.race([pages, late]);
    const ms = Math.round(performance.now() - started);
    if (outcome === 'late') {
      log.warn({ ms }, 'the warm-up is taking long (is the CMS slow?); ready without it');
      // It goes on meanwhile: the log says when its CMS requests are over.
      pages.then(
        () => log.info({ ms: Math.round(performance.now() - started) }, 'the warm-up finished after the start'),
        () => {},
      );
    } else if (outcome.some(({ status }) => status !== 200))
      log.warn({ ms, pages: outcome }, 'the warm-up rendered an error page (is the CMS answering?)');
    else log.info({ ms, pages: outcome.map(({ path }) => path) }, 'warmed up: a page of each template rendered once');
  } catch (error) {
    log.warn({ err: error }, 'the warm-up failed; ready without it');
  } finally {
    clearTimeout(timer);
  }
};
