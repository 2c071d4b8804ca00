import 'server-only';
import { PassThrough } from 'node:stream';
import { renderToPipeableStream } from 'react-server-dom-webpack/server';
import { createCms } from '../../src/cms/create-cms.ts';
import { createResponseCache } from '../../src/cms/response-cache.ts';
import { translator } from '../../src/i18n/translate.ts';
import type { RscPayload } from '../../src/payload.ts';
import { matchRoute, splitLocale, validateRoute } from '../../src/routes.ts';
import type { Locale } from '../../src/routes.ts';
import type { AppStart } from '../../src/server-components/app-start.ts';
import { createSiteSearch } from '../../src/search/site-search.ts';
import { createSitemap } from '../../src/sitemap/sitemap.ts';
import { Document } from '../../src/server-components/document.tsx';
import { Layout } from '../../src/server-components/layout.tsx';
import { pageInfo } from '../../src/server-components/page-info.ts';
import { resolveNotFound, resolvePage } from '../../src/server-components/resolve-page.tsx';
import type { PageInput, ResolvedContent } from '../../src/server-components/resolve-page.tsx';
import type { RscModule } from './contract.ts';
import { findRequestContext, runWithRequestContext } from './request-context.ts';
import type { RequestContext } from './request-context.ts';

// Entry of the RSC bundle (built under the react-server condition): resolves a request to a page and
// renders it as a Flight stream.

export const createRscRenderer: RscModule['createRscRenderer'] = ({ clientManifest, build, content, register, site, shared, onContentChange, observe, log }) => {
  // One CMS client, and so one response cache, for the process; the search index is built from it. The
  // tags of each answer a page reads go to its request's dependencies.
  const cache = createResponseCache({
    ttlMs: content.cacheTtlMs,
    log,
    shared,
    dependencies: () => findRequestContext()?.dependencies,
    onChange: onContentChange,
    observe: observe.cmsCall,
  });
  const cms = createCms({ ...content, log, cache, observe: observe.cmsRequest });
  const siteSearch = createSiteSearch(cms);
  const cmsOrigin = new URL(content.apiUrl).origin;
  const previewFrameAncestor = content.mediaBaseUrl.startsWith('http') ? new URL(content.mediaBaseUrl).origin : "'self'";
  // The layout data (menus, footer, globals) of the last page that had it, per language: an error page
  // while the CMS is down still shows the site's menus, however old they are.
  const lastLayout = new Map<Locale, AppStart>();

  return {
    invalidate: (changed) => cache.invalidate(changed),
    expireAll: () => cache.expireAll(),
    search: (request) => siteSearch.search(request),
    sitemap: createSitemap(cms, site.publicUrl),

    async resolve({ pathname, search, requestId }) {
      const match = matchRoute(pathname);
      const locale = match?.locale ?? splitLocale(pathname).locale;
      const context: RequestContext = {
        locale,
        routeName: match?.name ?? null,
        path: pathname,
        query: new URLSearchParams(search),
        requestId,
        styles: build.styles,
        cms,
        siteSearch,
        register,
        mediaBaseUrl: content.mediaBaseUrl,
        cmsOrigin,
        dependencies: new Set(),
        log,
      };
      const input = (route: PageInput['route']): PageInput => ({
        route,
        locale,
        path: pathname,
        fullPath: pathname + search,
        query: new URLSearchParams(search),
        publicUrl: site.publicUrl,
        previewFrameAncestor,
      });

      const resolveContent = async (): Promise<ResolvedContent> => {
        if (!match) return resolveNotFound(input({ kind: 'not-found' }), `Page not found: ${pathname}${search}`);
        const route = validateRoute(match.route);
        if (!route) return resolveNotFound(input(match.route), `Page Not Found: ${pathname}`);
        return resolvePage(input(route));
      };
      const page = await runWithRequestContext(context, resolveContent);
      if (page.appStart) lastLayout.set(locale, page.appStart);
      const appStart = page.appStart ?? lastLayout.get(locale) ?? null;

      const payload: RscPayload = {
        root: (
          <Document locale={locale} styles={build.styles}>
            <Layout locale={locale} appStart={appStart} alternateHref={page.alternateHref} page={pageInfo(page)} path={pathname} analytics={site.analytics} t={translator(locale)}>
              {page.content}
            </Layout>
          </Document>
        ),
        buildId: build.buildId,
        locale,
      };

      return {
        status: page.status,
        locale,
        routeName: context.routeName,
        shareable: page.status === 200 && !page.headers && !page.personal,
        dependencies: context.dependencies,
        ...(page.message === undefined ? {} : { message: page.message }),
        ...(page.redirect ? { redirect: page.redirect } : {}),
        ...(page.headers ? { headers: page.headers } : {}),
        ...(page.frameAncestor ? { frameAncestor: page.frameAncestor } : {}),
        render: () => {
          const flight = runWithRequestContext(context, () =>
            renderToPipeableStream(payload, clientManifest, {
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
