import { randomUUID } from 'node:crypto';
import { readFileSync, unwatchFile, watchFile } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { Router } from 'express';
import { DEV_RELOAD_SCRIPT } from '../../src/common/payload.ts';
import type { RenderLog } from '../../src/common/contract.ts';

// `npm run dev`'s side of the browser (only with DEV_RELOAD=1, which nothing else sets): every page loads
// DEV_RELOAD_SCRIPT, which listens to DEV_EVENTS. This site tells each listener who it is; `npm run dev`
// starts a new site after each good build, the listener reconnects, meets another site and reloads the
// page. A failed build leaves the last good site running and writes its errors to `buildErrorFile`,
// which the listeners show over the page until a good build (DEV_BUILD_ERROR_FILE); an error the
// renderers log is shown over the page too.

const DEV_EVENTS = '/__dev/events';
/** Where `npm run dev` writes the errors of a failed build (relative to the checkout), and removes them. */
export const DEV_BUILD_ERROR_FILE = 'dist/dev-build-errors.txt';
/** How soon a listener asks again after its site went away (a restart takes about a second). */
const RETRY_MS = 300;

// Plain JavaScript, sent as it is: it is not part of any bundle, so no production page can carry it.
const LISTENER = `(() => {
  let site = null;
  let overlay = null;
  const show = (heading, text) => {
    overlay ??= document.body.appendChild(document.createElement('pre'));
    overlay.setAttribute('role', 'alert');
    overlay.style.cssText =
      'position:fixed;inset:0;z-index:2147483647;margin:0;padding:2rem;overflow:auto;white-space:pre-wrap;' +
      'background:#1b1b1b;color:#ffd7d7;font:14px/1.5 ui-monospace,monospace';
    overlay.textContent = 'npm run dev: ' + heading + '\\n\\n' + text;
  };
  const hide = () => {
    overlay?.remove();
    overlay = null;
  };
  const events = new EventSource(${JSON.stringify(DEV_EVENTS)});
  events.addEventListener('site', (event) => {
    if (site !== null && site !== event.data) location.reload();
    site = event.data;
  });
  events.addEventListener('build-failed', (event) => {
    show('the build failed; this page is the last good build.', JSON.parse(event.data));
  });
  events.addEventListener('build-mended', hide);
  events.addEventListener('render-failed', (event) => {
    show('a render failed (Escape hides this).', JSON.parse(event.data));
  });
  addEventListener('keydown', (event) => {
    if (event.key === 'Escape') hide();
  });
})();
`;

export const createDevReload = ({ buildErrorFile }: { buildErrorFile: string }) => {
  const site = randomUUID();
  const listeners = new Set<ServerResponse>();
  const buildError = () => {
    try {
      return readFileSync(buildErrorFile, 'utf8');
    } catch {
      return null;
    }
  };
  const send = (res: ServerResponse, event: string, data: string) => res.write(`event: ${event}\ndata: ${data}\n\n`);
  const tellBuild = (res: ServerResponse) => {
    const error = buildError();
    // Empty: the file is being written; the poll after the write tells its text.
    if (error === '') return;
    send(res, error === null ? 'build-mended' : 'build-failed', JSON.stringify(error ?? ''));
  };
  // Polled: a file that comes and goes is what fs.watch reports least reliably across platforms.
  watchFile(buildErrorFile, { interval: 250 }, (current, previous) => {
    // Node calls once at the start when the file does not exist, with both states empty: nothing changed,
    // and the pages connected by then would hear of the last build twice.
    if (current.mtimeMs === previous.mtimeMs && current.ino === previous.ino) return;
    listeners.forEach(tellBuild);
  });

  const router = Router();
  router.get(DEV_RELOAD_SCRIPT, (_req, res) => {
    res.set('Cache-Control', 'no-store').type('text/javascript').send(LISTENER);
  });
  router.get(DEV_EVENTS, (req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' });
    res.write(`retry: ${RETRY_MS}\n\n`);
    send(res, 'site', site);
    tellBuild(res);
    listeners.add(res);
    req.on('close', () => listeners.delete(res));
  });
  return {
    router,
    /** The renderers' log, whose errors also go to the open pages, with their stacks. */
    reportingTo: (log: RenderLog): RenderLog => ({
      warn: (details, message) => log.warn(details, message),
      error: (details, message) => {
        log.error(details, message);
        const { err } = details as { err?: unknown };
        const text = err instanceof Error ? `${message}\n\n${err.stack ?? err.message}` : message;
        for (const res of listeners) send(res, 'render-failed', JSON.stringify(text));
      },
    }),
    close: () => {
      unwatchFile(buildErrorFile);
      for (const res of listeners) res.end();
      listeners.clear();
    },
  };
};
