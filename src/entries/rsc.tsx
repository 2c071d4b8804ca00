import 'server-only';
import { PassThrough } from 'node:stream';
import { renderToPipeableStream } from 'react-server-dom-webpack/server';
import { createCms } from '../cms/create-cms.ts';
import { noticeChangesAt, noticeShownAt } from '../cms/notice-window.ts';
import { createRequestBudget } from '../cms/request-budget.ts';
import { createResponseCache } from '../cms/response-cache.ts';
import type { RscPayload } from '../common/payload.ts';
import { searchString } from '../common/page-query.ts';
import { DEFAULT_LOCALE, matchRoute, splitLocale, validateRoute } from '../common/routes.ts';
import type { Locale } from '../common/routes.ts';
import type { AppStart } from '../server-components/app-start.ts';
import { createSiteSearch } from '../search/site-search.ts';
import { createEventCalendars } from '../feeds/event-calendar.ts';
import { createNewsFeeds } from '../feeds/news-feed.ts';
import { createSitemap } from '../sitemap/sitemap.ts';
import { Document } from '../server-components/document.tsx';
import { Layout } from '../server-components/layout.tsx';
import { formsOf } from '../server-components/page-forms.ts';
import { pageInfo } from '../server-components/page-info.ts';
import { resolveNotFound, resolvePage } from '../server-components/resolve-page.tsx';
import type { ResolvedContent } from '../server-components/resolve-page.tsx';
import { templateSamples } from '../server-components/template-samples.ts';
import type { RscModule } from '../common/contract.ts';
import { findRequestContext, runWithRequestContext } from '../request-context.ts';
import type { RequestContext, SiteServices } from '../request-context.ts';

// Entry of the RSC bundle (built under the react-server condition): resolves a request to a page and
// renders it as a Flight stream.

export const createRscRenderer: RscModule['createRscRenderer'] = ({
  clientManifest,
  build,
  content,
  register,
  site,
  shared,
  fleetBudget,
  onContentChange,
  observe,
  log,
}) => {
  // One CMS client, and so one response cache, for the process; the search index is built from it. The
  // tags of each answer a page reads go to its request's dependencies.
  const cache = createResponseCache({
    ttlMs: content.cacheTtlMs,
    log,
    shared,
    dependencies: () => findRequestContext()?.dependencies,
    background: () => findRequestContext()?.background === true,
    onChange: onContentChange,
    observe: observe.cmsCall,
  });
  const budget = createRequestBudget({
    rateLimit: content.rateLimit,
    fleet: fleetBudget,
    log,
    observe: observe.cmsBudgetRemaining,
  });
  const cms = createCms({
    ...content,
    log,
    cache,
    observe: observe.cmsRequest,
    budget,
    waitLimitMs: content.rateLimit.waitLimitMs,
  });
  const siteSearch = createSiteSearch(cms);
  const calendars = createEventCalendars(cms, site.publicUrl);
  // What the server components use of the site, made once: every request's context carries this object.
  const services: SiteServices = {
    cms,
    siteSearch,
    register,
    log,
    publicUrl: site.publicUrl,
    previewFrameAncestors: site.previewFrameAncestors,
    mediaBaseUrl: content.mediaBaseUrl,
    cmsOrigin: new URL(content.apiUrl).origin,
    glideSigningKey: content.glideSigningKey,
    styles: build.styles,
    devReload: site.devReload,
  };
  // The layout data (menus, footer, globals) of the last page that had it, per language: an error page
  // while the CMS is down still shows the site's menus, however old they are.
  const lastLayout = new Map<Locale, AppStart>();

  return {
    invalidate: (changed) => cache.invalidate(changed),
    expireAll: () => cache.expireAll(),
    search: (request) => siteSearch.search(request),
    templateSamples: () => templateSamples(cms, DEFAULT_LOCALE),
    sitemap: createSitemap(cms, site.publicUrl),
    newsFeed: createNewsFeeds(cms, site.publicUrl),
    eventsFeed: (locale) => calendars.upcoming(locale),
    eventInvite: (locale, path) => calendars.invite(locale, path),

    async resolve({ pathname, search, requestId, form, release, background }) {
      const match = matchRoute(pathname);
      const route = match ? validateRoute(match.route) : null;
      const locale = match?.locale ?? splitLocale(pathname).locale;
      const context: RequestContext = {
        locale,
        route: route ?? match?.route ?? { kind: 'not-found' },
        routeName: match?.name ?? null,
        path: pathname,
        query: new URLSearchParams(search),
        fullPath: pathname + search,
        requestId,
        dependencies: new Set(),
        form: form ?? null,
        background: background === true,
        services,
      };

      const resolveContent = async (): Promise<ResolvedContent> => {
        if (!match) return resolveNotFound(`Page not found: ${pathname}${search}`);
        // A route whose parameters it refuses: 404, in the full layout all the same.
        if (!route) return resolveNotFound(`Page Not Found: ${pathname}`);
        return resolvePage();
      };
      const page = await runWithRequestContext(context, resolveContent);
      // A preview is in its entry's language, whatever its path.
      const pageLocale = page.locale ?? locale;
      // Rendered from the query the page reads: what the page cache keys it by, nothing else the visitor brought.
      const query = page.query ?? new URLSearchParams();
      const renderContext = { ...context, locale: pageLocale, query };
      if (page.appStart) lastLayout.set(pageLocale, page.appStart);
      const appStart = page.appStart ?? lastLayout.get(pageLocale) ?? null;
      // An editor's preview is not a visit.
      const analytics = page.preview ? null : site.analytics;
      const now = Date.now();
      const notice = appStart?.globals.settings.notice ?? null;
      const changesAt = noticeChangesAt(notice, now);
      const info = pageInfo(page);

      const payload: RscPayload = {
        root: (
          <Document headerTrans={info.hasHero} theme={info.theme}>
            <Layout
              appStart={appStart}
              alternateHref={page.alternateHref}
              page={info}
              analytics={analytics}
              notice={noticeShownAt(notice, now)}
            >
              {page.content}
            </Layout>
          </Document>
        ),
        buildId: release?.buildId ?? build.buildId,
        locale: pageLocale,
      };

      // A form shown again is this visitor's own answer, with the status of what went wrong.
      const shownAgain = form && page.status === 200 ? form : null;
      return {
        status: shownAgain ? shownAgain.status : page.status,
        routeName: context.routeName,
        preview: page.preview !== undefined,
        personal: page.personal === true,
        search: searchString(query),
        registerAnswer: page.registerAnswer === true,
        dependencies: context.dependencies,
        forms: page.status >= 500 ? null : formsOf(page.entry),
        ...(changesAt === undefined ? {} : { changesAt }),
        ...(page.message === undefined ? {} : { message: page.message }),
        ...(page.redirect ? { redirect: page.redirect } : {}),
        ...(page.headers ? { headers: page.headers } : {}),
        ...(page.preview ? { frameAncestors: page.preview.frameAncestors } : {}),
        render: () => {
          const flight = runWithRequestContext(renderContext, () =>
            renderToPipeableStream(payload, release?.clientManifest ?? clientManifest, {
              onError(error) {
                log.error({ err: error, requestId }, 'server component failed');
              },
            }),
          );
          return { stream: flight.pipe(new PassThrough()), abort: (reason) => flight.abort(reason) };
        },
      };
    },
  };
};
