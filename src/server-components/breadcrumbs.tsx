import type { Page } from '../cms/types.ts';
import { Link } from '../client-components/link.tsx';
import { getTranslate } from '../i18n/request-translate.ts';
import type { Locale } from '../routes.ts';
import { trailTo } from './breadcrumb-trail.ts';
import { displayTitle } from './format.ts';

// The breadcrumb trail (breadcrumb-trail.ts) above a page's title, ending in the page itself.

export const Breadcrumbs = ({ url, title, pages, locale }: { url: string; title: string; pages: readonly Page[]; locale: Locale }) => {
  const t = getTranslate();
  const trail = trailTo(url, pages, locale, t('home'));
  if (trail.length === 0) return null;
  return (
    <nav className="breadcrumbs" aria-label={t('breadcrumbs')}>
      <ol className="breadcrumbs__list">
        {trail.map((crumb) => (
          <li key={crumb.url} className="breadcrumbs__item">
            <Link href={crumb.url}>{displayTitle(crumb.title)}</Link>
          </li>
        ))}
        <li className="breadcrumbs__item" aria-current="page">
          {displayTitle(title)}
        </li>
      </ol>
    </nav>
  );
};
