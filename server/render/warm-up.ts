import type { Logger } from 'pino';
import { LOCALES, localizedPath } from '../../src/render/contract.ts';
import type { Renderers } from './bundles.ts';
import { renderToBuffer } from './render-to-buffer.ts';

/** The longest a new process waits on its warm-up before it says it is ready, whatever the CMS does. */
export const WARM_UP_LIMIT_MS = 3000;

/**
 * A new process renders the home page of each language once, into memory, before it says it is ready:
 * its first visitors do not pay for V8's first runs of the render path (the code is interpreted until
 * it is hot, and client modules load at their first use), and the app-start data, the lists and the
 * team every page may read are in the CMS cache. Nothing is kept in the page cache and nothing is sent.
 * A slow or failing CMS delays readiness by at most WARM_UP_LIMIT_MS and never fails the start: the
 * first visitors then fetch what is missing, as they would without a warm-up.
 */
export const warmUp = async (renderers: Renderers, log: Logger): Promise<void> => {
  const started = performance.now();
  const homes = Promise.all(
    LOCALES.map(async (locale) => {
      const page = await renderers.rsc.resolve({
        pathname: localizedPath(locale, '/'),
        search: '',
        requestId: `warm-up-${locale}`,
      });
      await renderToBuffer(renderers, page, 'html');
      return page.status;
    }),
  );
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(resolve, WARM_UP_LIMIT_MS, 'late')));
  try {
    const outcome = await Promise.race([homes, late]);
    const ms = Math.round(performance.now() - started);
    if (outcome === 'late') {
      log.warn({ ms }, 'the warm-up is taking long (is the CMS slow?); ready without it');
      // It goes on meanwhile: the log says when its CMS requests are over.
      homes.then(
        () => log.info({ ms: Math.round(performance.now() - started) }, 'the warm-up finished after the start'),
        () => {},
      );
    } else if (outcome.some((status) => status !== 200))
      log.warn({ ms, statuses: outcome }, 'the warm-up rendered an error page (is the CMS answering?)');
    else log.info({ ms }, 'warmed up: the home pages rendered once');
  } catch (error) {
    log.warn({ err: error }, 'the warm-up failed; ready without it');
  } finally {
    clearTimeout(timer);
  }
};
