import type { ReactNode } from 'react';
import type { Locale, Route } from '../routes.ts';
import { ErrorPage } from './pages/error-page.tsx';
import { HomePage } from './pages/home-page.tsx';
import { PlaceholderPage } from './pages/placeholder-page.tsx';

export interface ResolvedContent {
  status: number;
  content: ReactNode;
  message?: string;
  redirect?: string;
}

export const errorPage = (locale: Locale, status: number, message: string): ResolvedContent => ({
  status,
  message,
  content: <ErrorPage status={status} message={message} locale={locale} />,
});

export const notFound = (locale: Locale, message: string): ResolvedContent => errorPage(locale, 404, message);

/**
 * Settles everything that decides a page's status before anything is sent (DESIGN.md section 9):
 * parts that cannot change it stream later behind Suspense.
 */
export const resolvePage = async (
  route: Route,
  locale: Locale,
  path: string,
  query: URLSearchParams,
): Promise<ResolvedContent> => {
  switch (route.kind) {
    case 'index':
      return { status: 200, content: <HomePage locale={locale} /> };
    case 'not-found':
      return notFound(locale, `Page not found: ${path}`);
    case 'search':
      return { status: 200, content: <PlaceholderPage title={locale === 'nl' ? 'Zoeken' : 'Search'} detail={query.get('q') ?? ''} /> };
    case 'member-search':
      return {
        status: 200,
        content: (
          <PlaceholderPage
            title={locale === 'nl' ? 'Vind een architect' : 'Find an architect'}
            detail={query.get('searchTerm') ?? ''}
          />
        ),
      };
    case 'preview':
      // Without Statamic's live-preview token there is nothing to ask the CMS for.
      if (!query.get('token')) return notFound(locale, `Page Not Found: ${path}`);
      return { status: 200, content: <PlaceholderPage title={`Preview ${route.collection} ${route.id}`} /> };
    case 'content':
      return { status: 200, content: <PlaceholderPage title={route.slugs.join(' / ')} /> };
  }
};
