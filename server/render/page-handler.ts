import { STATUS_CODES } from 'node:http';
import type { Readable } from 'node:stream';
import type { Request, RequestHandler, Response } from 'express';
import { isbot } from 'isbot';
import type { Logger } from 'pino';
import { EXTERNAL_REDIRECT_HEADER, RSC_CONTENT_TYPE, RSC_QUERY_PARAM } from '../../src/payload.ts';
import { applyLocaleCookie } from '../locale-cookie.ts';
import type { Renderers } from './bundles.ts';

// Every page route: the RSC payload for client navigation (`?_rsc=<build id>`), HTML otherwise.

const statusLine = (status: number) => `${status} ${STATUS_CODES[status] ?? ''}`.trim();

/** Sends chunks as they are produced: compression would otherwise hold them back. */
const stream = (source: Readable, res: Response): void => {
  const flushable = res as Response & { flush?: () => void };
  source.on('data', () => flushable.flush?.());
  source.pipe(res);
};

/** The last resort when even the error page cannot be rendered: static, with no scripts. */
const sendStaticError = (res: Response, status: number): void => {
  res
    .status(status)
    .type('html')
    .send(`<!DOCTYPE html><html><head><meta charset="utf-8"><title>Internal Server Error ${status}</title></head>` +
      `<body><h1>Internal Server Error ${status}</h1></body></html>`);
};

/** The query string without the payload parameter, as the visitor sent it where possible. */
const visitorSearch = (req: Request): string => {
  const queryStart = req.originalUrl.indexOf('?');
  if (queryStart === -1) return '';
  const raw = req.originalUrl.slice(queryStart);
  if (!(RSC_QUERY_PARAM in (req.query as object))) return raw;
  const params = new URLSearchParams(raw);
  params.delete(RSC_QUERY_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
};

export const createPageHandler = ({ renderers, log }: { renderers: Renderers; log: Logger }): RequestHandler =>
  async (req, res) => {
    const payloadBuild = req.query[RSC_QUERY_PARAM];
    const wantsPayload = payloadBuild !== undefined;
    if (wantsPayload && payloadBuild !== renderers.build.buildId) {
      // Module ids differ between builds: this client must load the page in full.
      res.status(409).set('Cache-Control', 'no-store').type('text/plain').send('This page belongs to another build of the site.\n');
      return;
    }

    const page = await renderers.rsc.resolve({ pathname: req.path, search: visitorSearch(req), requestId: String(req.id) });
    // A payload may be a preload the visitor never opens: the browser writes the cookie when it shows one.
    if (!wantsPayload) applyLocaleCookie(req, res, page.locale);
    if (page.headers) res.set(page.headers);

    if (page.redirect) {
      const external = !page.redirect.startsWith('/') || page.redirect.startsWith('//');
      // fetch() follows redirects for the router, but one to another site would fail as a payload.
      if (wantsPayload && external) res.status(204).set(EXTERNAL_REDIRECT_HEADER, page.redirect).end();
      else res.redirect(301, page.redirect);
      return;
    }
    if (page.status >= 400 && isbot(req.get('User-Agent') ?? '')) {
      // Crawlers get no error page, only the status and its reason.
      res.status(page.status).type('text/plain').send(`${page.message ?? statusLine(page.status)}\n`);
      return;
    }

    res.status(page.status);
    const flight = page.render();
    res.on('close', () => {
      if (!res.writableFinished) flight.abort(new Error('The client went away'));
    });

    if (wantsPayload) {
      res.type(RSC_CONTENT_TYPE);
      stream(flight.stream, res);
      return;
    }

    const render = renderers.html.render(flight.stream);
    res.on('close', () => {
      if (!res.writableFinished) render.abort(new Error('The client went away'));
    });
    try {
      const html = await render.html;
      res.type('html');
      stream(html, res);
    } catch (error) {
      log.error({ err: error, requestId: req.id }, 'the page shell could not be rendered');
      flight.abort(error);
      sendStaticError(res, 500);
    }
  };
