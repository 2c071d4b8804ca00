import 'server-only';
import { PassThrough } from 'node:stream';
import { renderToPipeableStream } from 'react-server-dom-webpack/server';
import type { RscPayload } from '../../src/payload.ts';
import { matchRoute, splitLocale, validateRoute } from '../../src/routes.ts';
import { Document } from '../../src/server-components/document.tsx';
import { Layout } from '../../src/server-components/layout.tsx';
import { errorPage, notFound, resolvePage } from '../../src/server-components/resolve-page.tsx';
import type { ResolvedContent } from '../../src/server-components/resolve-page.tsx';
import type { RscModule } from './contract.ts';
import { runWithRequestContext } from './request-context.ts';
import type { RequestContext } from './request-context.ts';

// Entry of the RSC bundle (built under the react-server condition): resolves a request to a page and
// renders it as a Flight stream.

export const createRscRenderer: RscModule['createRscRenderer'] = ({ clientManifest, build, log }) => ({
  async resolve({ pathname, search, requestId }) {
    const match = matchRoute(pathname);
    const context: RequestContext = {
      locale: match?.locale ?? splitLocale(pathname).locale,
      routeName: match?.name ?? null,
      requestId,
      styles: build.styles,
    };
    const { locale } = context;

    const resolveContent = async (): Promise<ResolvedContent> => {
      if (!match) return notFound(locale, `Page not found: ${pathname}${search}`);
      const route = validateRoute(match.route);
      if (!route) return notFound(locale, `Page Not Found: ${pathname}`);
      try {
        return await resolvePage(route, locale, pathname, new URLSearchParams(search));
      } catch (error) {
        log.error({ err: error, requestId }, 'page could not be resolved');
        return errorPage(locale, 500, 'Internal Server Error');
      }
    };
    const { status, content, message, redirect } = await runWithRequestContext(context, resolveContent);

    const payload: RscPayload = {
      root: (
        <Document locale={locale} styles={build.styles}>
          <Layout locale={locale}>{content}</Layout>
        </Document>
      ),
      buildId: build.buildId,
      locale,
    };

    return {
      status,
      locale,
      routeName: context.routeName,
      ...(message === undefined ? {} : { message }),
      ...(redirect ? { redirect } : {}),
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
});
