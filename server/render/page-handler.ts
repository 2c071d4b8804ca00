import { STATUS_CODES } from 'node:http';
import type { Readable } from 'node:stream';
import type { Request, RequestHandler, Response } from 'express';
import { isbot } from 'isbot';
import type { Logger } from 'pino';
import { EXTERNAL_REDIRECT_HEADER, RSC_CONTENT_TYPE, RSC_QUERY_PARAM } from '../../src/common/payload.ts';
import type { FormSubmissionState, PageRequest, RenderStream, ResolvedPage } from '../../src/common/contract.ts';
import { pageCacheKey } from '../page-cache/cache-key.ts';
import type { PageCache } from '../page-cache/page-cache.ts';
import { sendCached } from '../page-cache/send-cached.ts';
import { FORM_ANSWER_CACHE_CONTROL, PAGE_CACHE_CONTROL, sharedCacheControlUntil } from '../cache-control.ts';
import type { Renderers } from './bundles.ts';
import { renderToBuffer } from './render-to-buffer.ts';
import { setSurrogateKeys } from './surrogate-keys.ts';
import type { SurrogateKeys } from './surrogate-keys.ts';
import type { ContentSecurityPolicy } from '../security/content-security-policy.ts';
import { newNonce, nonceSource } from '../security/content-security-policy.ts';
import { inlineScriptHashes, withoutNonce } from '../security/inline-scripts.ts';
import type { CachedPage, RenderedPage } from '../page-cache/page-cache.ts';

// Every page route: the RSC payload for client navigation (`?_rsc=<build id>`), HTML otherwise. A
// public page is rendered once and then served from the page cache; after its hour it is served stale
// while it is rendered again behind the visitor.

const CONTENT_TYPES = { html: 'text/html; charset=utf-8', rsc: `${RSC_CONTENT_TYPE}; charset=utf-8` } as const;

/** What the page cache keeps of a rendered page: for HTML, the hashes its CSP will allow. */
const rendered = (kind: PageKind, page: ResolvedPage, body: Buffer): RenderedPage => ({
  contentType: CONTENT_TYPES[kind],
  body,
  tags: [...page.dependencies],
  scriptHashes: kind === 'html' ? inlineScriptHashes(body.toString('utf8')) : [],
  routeName: page.routeName,
  ...(page.headers ? { headers: page.headers } : {}),
  ...(page.changesAt === undefined ? {} : { changesAt: page.changesAt }),
});

/** What the page handler reports for the process's metrics. */
export interface PageObserver {
  lookup(result: CacheOutcome): void;
  /** The first byte of a page's HTML went out, `seconds` after the request came in. */
  firstByte(source: 'cache' | 'render', seconds: number): void;
}

const statusLine = (status: number) => `${status} ${STATUS_CODES[status] ?? ''}`.trim();

/**
 * Sends chunks as they are produced, and hands the whole body to `keep` once sent. Compression would
 * hold them back: it is flushed once the renderer has written what it had (the chunks of one burst come
 * in one turn of the event loop), not after every chunk, since each flush ends a compressed block.
 */
const stream = (source: Readable, res: Response, keep?: (body: Buffer) => void): void => {
  const flushable = res as Response & { flush?: () => void };
  const chunks: Buffer[] = [];
  let flushQueued = false;
  const flush = () => {
    flushQueued = false;
    if (!res.writableEnded) flushable.flush?.();
  };
  // After pipe's own listener, so that a chunk is written before the flush that follows it.
  source.pipe(res);
  source.on('data', (chunk: Buffer | string) => {
    if (keep) chunks.push(Buffer.from(chunk));
    if (!flushQueued) {
      flushQueued = true;
      setImmediate(flush);
    }
  });
  // Only a response that reached the client whole is kept (not one cut short by a client going away).
  if (keep) res.on('finish', () => keep(Buffer.concat(chunks)));
};

/** The last resort when even the error page cannot be rendered: static, with no scripts. */
const sendStaticError = (res: Response, status: number): void => {
  res
    .status(status)
    .type('html')
    .send(
      `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Internal Server Error ${status}</title></head>` +
        `<body><h1>Internal Server Error ${status}</h1></body></html>`,
    );
};

type PageKind = keyof typeof CONTENT_TYPES;
type CacheOutcome = 'hit' | 'shared_hit' | 'stale' | 'waited' | 'miss';
type Keep = ((body: Buffer) => void) | undefined;

/** A payload asked for by a page of another build: module ids differ, the client must load the page in full. */
const sendOtherBuild = (res: Response): void => {
  res
    .status(409)
    .set('Cache-Control', 'no-store')
    .type('text/plain')
    .send('This page belongs to another build of the site.\n');
};

/** A path of the site with the payload parameter, so that the router's fetch follows it to a payload. */
const payloadPath = (target: string, buildId: string): string => {
  const url = new URL(target, 'http://site.invalid');
  url.searchParams.set(RSC_QUERY_PARAM, buildId);
  return url.pathname + url.search + url.hash;
};

const sendRedirect = (res: Response, target: string, kind: PageKind, buildId: string): void => {
  const external = !target.startsWith('/') || target.startsWith('//');
  // fetch() follows redirects for the router, but one to another site would fail as a payload.
  if (kind === 'rsc' && external) res.status(204).set(EXTERNAL_REDIRECT_HEADER, target).end();
  else res.redirect(301, kind === 'rsc' ? payloadPath(target, buildId) : target);
};

/** Crawlers get no error page, only the status and its reason. */
const sendStatusLine = (res: Response, page: ResolvedPage): void => {
  res
    .status(page.status)
    .type('text/plain')
    .send(`${page.message ?? statusLine(page.status)}\n`);
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

export const createPageHandler = ({
  renderers,
  cache,
  pageHeaders,
  surrogateKeys,
  policy,
  observe,
  log,
}: {
  renderers: Renderers;
  cache: PageCache;
  /** A kept page's own headers, made once per page (server/page-cache/send-cached.ts). */
  pageHeaders: (page: CachedPage) => ReadonlyArray<readonly [string, string]>;
  /** The CDN keys of a public page (its headers). */
  surrogateKeys: SurrogateKeys;
  policy: ContentSecurityPolicy;
  observe: PageObserver;
  log: Logger;
}): RequestHandler => {
  const refreshing = new Set<string>();
  /**
   * The first render of a page that may be kept, by cache key, while it runs: the views of the same page
   * that come in meanwhile wait for its kept copy instead of rendering it again (a burst of visitors after
   * a deploy or a change). Settles with the kept page, or null when it was not kept (not public, cut short,
   * refused by an invalidation), in which case each waiting view renders the page itself.
   */
  const firstRenders = new Map<string, Promise<CachedPage | null>>();
  /** One render per expired page at a time; a page that is no longer public leaves the cache. */
  const refresh = (key: string, kind: PageKind, request: PageRequest): void => {
    if (refreshing.has(key)) return;
    refreshing.add(key);
    const renderedIn = cache.generation;
    renderers.rsc
      .resolve(request)
      .then(async (page) => {
        if (page.cachePolicy !== 'shared' || page.redirect) {
          cache.delete(key);
          return;
        }
        await cache.store(key, rendered(kind, page, await renderToBuffer(renderers, page, kind)), renderedIn);
      })
      .catch((error: unknown) =>
        log.warn({ err: error, key }, 'an expired page could not be rendered again; the stale copy stays'),
      )
      .finally(() => refreshing.delete(key));
  };

  /**
   * A kept page for this URL, here, from the shared level, or from the first render of the page under
   * way (waited for), with how it was found; the lookup is counted.
   */
  const lookUp = async (key: string, res: Response): Promise<{ page: CachedPage; outcome: CacheOutcome } | null> => {
    const local = cache.get(key);
    const shared = local ?? (await cache.readShared(key));
    const waitedFor = shared ? null : ((await firstRenders.get(key)) ?? null);
    const page = shared ?? waitedFor;
    const outcome: CacheOutcome = !page
      ? 'miss'
      : waitedFor
        ? 'waited'
        : page.expiresAt <= Date.now()
          ? 'stale'
          : local
            ? 'hit'
            : 'shared_hit';
    observe.lookup(outcome);
    res.locals.cacheOutcome = outcome;
    return page ? { page, outcome } : null;
  };

  /**
   * Keeps the body once sent, when the policy says so; a body cut short by a client going away is not.
   * `kept` hears the outcome: the kept page, or null.
   */
  const keeper =
    (key: string, kind: PageKind, page: ResolvedPage, renderedIn: number, kept: (page: CachedPage | null) => void) =>
    (body: Buffer) => {
      cache.store(key, rendered(kind, page, body), renderedIn).then(
        () => kept(cache.get(key)),
        (error: unknown) => {
          log.warn({ err: error }, 'a rendered page could not be kept');
          kept(null);
        },
      );
    };

  /** Registers the first render of `key`; the returned function settles it (only the first call counts). */
  const startFirstRender = (key: string): ((page: CachedPage | null) => void) => {
    let settle!: (page: CachedPage | null) => void;
    const pending = new Promise<CachedPage | null>((resolve) => (settle = resolve));
    firstRenders.set(key, pending);
    let settled = false;
    return (page) => {
      if (settled) return;
      settled = true;
      // Views that waited in vain each render the page; the last of them to start is the one now waited for.
      if (firstRenders.get(key) === pending) firstRenders.delete(key);
      settle(page);
    };
  };

  /** The page as HTML: the shell as soon as it is ready, the rest streamed; the kept copy without the nonce. */
  const streamHtml = async (
    req: Request,
    res: Response,
    page: ResolvedPage,
    flight: RenderStream,
    keep: Keep,
    firstByte: () => void,
  ) => {
    // React's inline scripts of streamed parts carry this response's nonce; the kept copy, their hashes.
    const nonce = newNonce();
    res.set(
      'Content-Security-Policy',
      policy({
        scripts: [nonceSource(nonce)],
        ...(page.frameAncestors ? { frameAncestors: page.frameAncestors } : {}),
      }),
    );
    if (page.frameAncestors) res.removeHeader('X-Frame-Options');
    const render = renderers.html.render(flight.stream, { nonce });
    res.on('close', () => {
      if (!res.writableFinished) render.abort(new Error('The client went away'));
    });
    try {
      const html = await render.html;
      res.set('Content-Type', CONTENT_TYPES.html);
      html.once('data', firstByte);
      stream(html, res, keep && ((body: Buffer) => keep(withoutNonce(body, nonce))));
    } catch (error) {
      log.error({ err: error, requestId: req.id }, 'the page shell could not be rendered');
      flight.abort(error);
      sendStaticError(res, 500);
    }
  };

  return async (req, res) => {
    const payloadBuild = req.query[RSC_QUERY_PARAM];
    const kind: PageKind = payloadBuild === undefined ? 'html' : 'rsc';
    if (kind === 'rsc' && payloadBuild !== renderers.build.buildId) return sendOtherBuild(res);

    const search = visitorSearch(req);
    // A form posted to this page and shown again (server/forms/form-posts.ts): rendered for this visitor only.
    const form = res.locals.formSubmission as FormSubmissionState | undefined;
    const request: PageRequest = {
      pathname: req.path,
      search,
      requestId: req.id as string, // genReqId (server/app.ts) makes it a string
      ...(form ? { form } : {}),
    };
    const cacheKey = pageCacheKey(renderers.build.buildId, kind, req.path, search);
    const { key } = cacheKey;
    const storable = cacheKey.storable && !form;
    const startedAt = typeof res.locals.startedAt === 'number' ? res.locals.startedAt : performance.now();
    const firstByte = (source: 'cache' | 'render') =>
      kind === 'html' && observe.firstByte(source, (performance.now() - startedAt) / 1000);

    // 1. A kept page (served stale while it is rendered again behind the visitor), or the one that the
    //    first render of this page under way is about to keep.
    const found = storable ? await lookUp(key, res) : null;
    if (found) {
      if (found.outcome === 'stale') refresh(key, kind, request);
      res.locals.routeName = found.page.routeName;
      sendCached(req, res, found.page, pageHeaders(found.page));
      firstByte('cache');
      return;
    }
    const firstRenderDone = storable && cache.keepsPages ? startFirstRender(key) : undefined;
    // Whatever ends this response without handing its body to the page cache (a policy, a redirect, an
    // error, a client gone) lets the views waiting for it render the page themselves.
    let storing = false;
    res.on('close', () => !storing && firstRenderDone?.(null));

    // 2. The page resolved: its status, and the one cache policy its answer follows.
    const renderedIn = cache.generation;
    const page = await renderers.rsc.resolve(request);
    res.locals.routeName = page.routeName ?? 'not-found';
    res.set(
      'Cache-Control',
      form
        ? FORM_ANSWER_CACHE_CONTROL
        : page.cachePolicy === 'shared'
          ? sharedCacheControlUntil(page.changesAt, Date.now())
          : PAGE_CACHE_CONTROL[page.cachePolicy],
    );
    if (page.cachePolicy === 'shared') setSurrogateKeys(res, surrogateKeys.ofPage(page.dependencies, false));
    if (page.headers) res.set(page.headers);

    // 3. Answers without a page: a redirect, an error for a crawler.
    if (page.redirect) return sendRedirect(res, page.redirect, kind, renderers.build.buildId);
    if (page.status >= 400 && isbot(req.get('User-Agent') ?? '')) return sendStatusLine(res, page);

    // 4. The page rendered and streamed, as a payload or as HTML, and kept once sent whole.
    res.status(page.status);
    const flight = page.render();
    res.on('close', () => {
      if (!res.writableFinished) flight.abort(new Error('The client went away'));
    });
    // A shared page at a URL the page cache takes (the first render was registered only for those).
    const keepPage =
      page.cachePolicy === 'shared' && firstRenderDone
        ? keeper(key, kind, page, renderedIn, firstRenderDone)
        : undefined;
    const keep =
      keepPage &&
      ((body: Buffer) => {
        storing = true;
        keepPage(body);
      });
    if (kind === 'rsc') {
      res.set('Content-Type', CONTENT_TYPES.rsc);
      stream(flight.stream, res, keep);
      return;
    }
    await streamHtml(req, res, page, flight, keep, () => firstByte('render'));
  };
};
