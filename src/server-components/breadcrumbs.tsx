import { Link } from '../client-components/link.tsx';
import { getTranslate } from '../i18n/request-translate.ts';
import type { Crumb } from './breadcrumb-trail.ts';
import { displayTitle } from './format.ts';

// The breadcrumb trail (breadcrumb-trail.ts: `trailTo`) above a page's title, ending in the page itself.

export const Breadcrumbs = ({ trail, title }: { trail: readonly Crumb[]; title: string }) => {
  const t = getTranslate();
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
