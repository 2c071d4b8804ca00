import { STATUS_CODES } from 'node:http';
import type { Readable } from 'node:stream';
import type { Request, RequestHandler, Response } from 'express';
import { isbot } from 'isbot';
import type { Logger } from 'pino';
import { EXTERNAL_REDIRECT_HEADER, RSC_CONTENT_TYPE, RSC_QUERY_PARAM } from '../../src/common/payload.ts';
import { isTrackingParam } from '../../src/common/page-query.ts';
import { createCoalescer } from '../../src/common/coalesce.ts';
import type { FormSubmissionState, PageRequest, RenderStream, ResolvedPage } from '../../src/common/contract.ts';
import { cacheDecision } from '../page-cache/cache-decision.ts';
import type { CacheRequest } from '../page-cache/cache-decision.ts';
import { pageCacheKey } from '../page-cache/cache-key.ts';
import type { PageCache } from '../page-cache/page-cache.ts';
import { sendCached } from '../page-cache/send-cached.ts';
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
type Lookup = { page: CachedPage | null; outcome: CacheOutcome };

/** A payload asked for by a page of a build whose client cannot show this one's: the page must be loaded in full. */
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

/**
 * `target` with the campaign and click ids the visitor came with: a page renders none of them, but the
 * address a redirect leads to is the one analytics reads them from (the page cache keeps no redirect).
 */
const withTracking = (target: string, asked: string): string => {
  const tracking = [...new URLSearchParams(asked)].filter(([name]) => isTrackingParam(name));
  if (tracking.length === 0) return target;
  const url = new URL(target, 'http://site.invalid');
  for (const [name, value] of tracking) url.searchParams.append(name, value);
  return url.pathname + url.search + url.hash;
};

const sendRedirect = (res: Response, target: string, kind: PageKind, buildId: string, search: string): void => {
  const external = !target.startsWith('/') || target.startsWith('//');
  // fetch() follows redirects for the router, but one to another site would fail as a payload.
  if (kind === 'rsc' && external) res.status(204).set(EXTERNAL_REDIRECT_HEADER, target).end();
  else if (external) res.redirect(301, target);
  else {
    const location = withTracking(target, search);
    res.redirect(301, kind === 'rsc' ? payloadPath(location, buildId) : location);
  }
};

/** Crawlers get no error page, only the status and its reason. */
const sendStatusLine = (res: Response, page: ResolvedPage): void => {
  res
    .status(page.status)
    .type('text/plain')
    .send(`${page.message ?? statusLine(page.status)}\n`);
};

/** The query string without the payload parameter (the page cache key reads it as the page does). */
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
  registerPageTtlMs,
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
  /** How long a page showing the register's answer may be kept and shared, in all (REGISTER_PAGE_TTL_MS). */
  registerPageTtlMs: number;
  log: Logger;
}): RequestHandler => {
  /**
   * The page resolved, a registration page changing (for the caches) once its time is up: kept here, in
   * Redis and by a CDN until then and no later (its Cache-Control counts down to it), so that a change in
   * the register shows everywhere within REGISTER_PAGE_TTL_MS of the render.
   */
  const resolve = async (request: PageRequest): Promise<ResolvedPage> => {
    const page = await renderers.rsc.resolve(request);
    if (!page.registerAnswer) return page;
    page.changesAt = Math.min(page.changesAt ?? Infinity, Date.now() + registerPageTtlMs);
    return page;
  };
  /** The render of an expired page behind its stale copy, one per page at a time; nobody waits for it. */
  const refreshes = createCoalescer<void>();
  /**
   * The first render of a page that may be kept, by cache key, while it runs: the views of the same page
   * that come in meanwhile wait for its kept copy instead of rendering it again (a burst of visitors after
   * a deploy or a change). Settles with the kept page, or null when it was not kept (not public, cut short,
   * refused by an invalidation), in which case each waiting view renders the page itself.
   */
  const firstRenders = createCoalescer<CachedPage | null>();
  /**
   * An expired page rendered again (`request.search` is its key's query), behind the visitor (a background
   * render: its CMS calls leave the rate limit's reserve to visitors); a page that is no longer kept leaves
   * the cache. A page that cannot be made now (5xx: the CMS away, or its rate limit reached) is no answer:
   * the stale copy stays.
   */
  const refresh = (key: string, kind: PageKind, request: PageRequest, asked: CacheRequest): Promise<void> => {
    const renderedIn = cache.generation;
    return resolve({ ...request, background: true })
      .then(async (page) => {
        if (page.status >= 500) {
          log.debug({ key, status: page.status }, 'an expired page could not be rendered again; the stale copy stays');
          return;
        }
        // No longer kept, or no longer read alike (a list's filter turned off): the next view keeps it anew.
        if (!cacheDecision({ from: 'render', page, ...asked }, Date.now()).keep || page.search !== request.search) {
          cache.delete(key);
          return;
        }
        await cache.store(key, rendered(kind, page, await renderToBuffer(renderers, page, kind)), renderedIn);
      })
      .catch((error: unknown) =>
        log.warn({ err: error, key }, 'an expired page could not be rendered again; the stale copy stays'),
      );
  };

  /**
   * A kept page for this key, here, from the shared level (a stale one rendered again behind it with
   * `renderAgain`), or from the first render of the page under way (waited for), with how it was found.
   */
  const lookUp = async (key: string, renderAgain: () => Promise<void>): Promise<Lookup> => {
    const local = cache.get(key);
    const shared = local ?? (await cache.readShared(key));
    const waitedFor = shared ? null : ((await firstRenders.pending(key)) ?? null);
    const page = shared ?? waitedFor;
    const outcome: CacheOutcome = shared
      ? refreshes.serve(key, shared, renderAgain) === 'stale'
        ? 'stale'
        : local
          ? 'hit'
          : 'shared_hit'
      : waitedFor
        ? 'waited'
        : 'miss';
    return { page, outcome };
  };
  /** A request's lookup counted once, whether it took one key or two. */
  const counted = (res: Response, { outcome }: Lookup): void => {
    observe.lookup(outcome);
    res.locals.cacheOutcome = outcome;
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
    // A payload for a page of another release is rendered against that release's client, when it has
    // every client component this one renders.
    const askingBuild = typeof payloadBuild === 'string' ? payloadBuild : '';
    let release: PageRequest['release'];
    if (kind === 'rsc' && askingBuild !== renderers.build.buildId) {
      const clientManifest = await renderers.releases.forBuild(askingBuild);
      if (!clientManifest) return sendOtherBuild(res);
      release = { buildId: askingBuild, clientManifest };
    }
    const buildId = release?.buildId ?? renderers.build.buildId;

    const cacheKey = pageCacheKey(buildId, kind, req.path, visitorSearch(req));
    const { key } = cacheKey;
    // A form posted to this page and shown again (server/forms/form-posts.ts): rendered for this visitor only.
    const form = res.locals.formSubmission as FormSubmissionState | undefined;
    // Rendered from the query the key keeps: no campaign ids, filters as the list reads them.
    const request: PageRequest = {
      pathname: req.path,
      search: cacheKey.search,
      requestId: req.id as string, // genReqId (server/app.ts) makes it a string
      ...(form ? { form } : {}),
      ...(release ? { release } : {}),
    };
    const asked: CacheRequest = { storable: cacheKey.storable, form: form !== undefined, keepsPages: cache.keepsPages };
    // Only a request that a kept page may answer is looked up, or has its render kept.
    const storable = cacheKey.storable && !form;
    const startedAt = typeof res.locals.startedAt === 'number' ? res.locals.startedAt : performance.now();
    const firstByte = (source: 'cache' | 'render') =>
      kind === 'html' && observe.firstByte(source, (performance.now() - startedAt) / 1000);

    // 1. A kept page (served stale while it is rendered again behind the visitor), or the one that the
    //    first render of this page under way is about to keep.
    const found = storable ? await lookUp(key, () => refresh(key, kind, request, asked)) : null;
    const sendFound = (lookup: Lookup, kept: CachedPage) => {
      counted(res, lookup);
      res.locals.routeName = kept.routeName;
      sendCached(req, res, kept, pageHeaders(kept));
      firstByte('cache');
    };
    if (found?.page) return sendFound(found, found.page);
    // Views that waited in vain each render the page; the last of them to start is the one then waited for.
    const firstRenderDone = storable && cache.keepsPages ? firstRenders.begin(key) : undefined;
    // Whatever ends this response without handing its body to the page cache (a policy, a redirect, an
    // error, a client gone) lets the views waiting for it render the page themselves.
    let storing = false;
    res.on('close', () => !storing && firstRenderDone?.(null));

    // 2. The page resolved: its status, and whether and by whom its answer is kept.
    const renderedIn = cache.generation;
    const page = await resolve(request);
    const decision = cacheDecision({ from: 'render', page, ...asked }, Date.now());
    // The page reads less of the query than the URL carries (a filter it has not, a term it does not know):
    // it is kept, and may already be, under the query it reads alone, so junk values add no page.
    const pageKey = pageCacheKey(buildId, kind, req.path, page.search).key;
    let lookup = found;
    if (decision.keep && pageKey !== key) {
      const pageRequest = { ...request, search: page.search };
      lookup = await lookUp(pageKey, () => refresh(pageKey, kind, pageRequest, asked));
      if (lookup.page) {
        firstRenderDone?.(lookup.page);
        return sendFound(lookup, lookup.page);
      }
    }
    if (lookup) counted(res, lookup);
    res.locals.routeName = page.routeName ?? 'not-found';
    res.set('Cache-Control', decision.cacheControl);
    if (decision.shared) setSurrogateKeys(res, surrogateKeys.ofPage(page.dependencies, false));
    if (page.headers) res.set(page.headers);

    // 3. Answers without a page: a redirect, an error for a crawler.
    if (page.redirect) return sendRedirect(res, page.redirect, kind, buildId, visitorSearch(req));
    if (page.status >= 400 && isbot(req.get('User-Agent') ?? '')) return sendStatusLine(res, page);

    // 4. The page rendered and streamed, as a payload or as HTML, and kept once sent whole.
    res.status(page.status);
    const flight = page.render();
    res.on('close', () => {
      if (!res.writableFinished) flight.abort(new Error('The client went away'));
    });
    // The first render was registered for every page the decision may keep.
    const keepPage =
      decision.keep && firstRenderDone ? keeper(pageKey, kind, page, renderedIn, firstRenderDone) : undefined;
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
