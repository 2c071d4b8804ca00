import { Link } from '../client-components/link.tsx';
import { getTranslate } from '../i18n/request-translate.ts';
import type { Crumb } from './breadcrumb-trail.ts';
import { displayTitle } from './format.ts';

// The breadcrumb trail (breadcrumb-trail.ts) above a page's title, ending in the page itself.

export const Breadcrumbs = ({ trail, current }: { trail: readonly Crumb[]; current: string }) => {
  if (trail.length === 0) return null;
  const t = getTranslate();
  return (
    <nav className="breadcrumbs" aria-label={t('breadcrumbs')}>
      <ol className="breadcrumbs__list">
        {trail.map((crumb) => (
          <li key={crumb.url} className="breadcrumbs__item">
            <Link href={crumb.url}>{displayTitle(crumb.title)}</Link>
          </li>
        ))}
        <li className="breadcrumbs__item" aria-current="page">
          {displayTitle(current)}
        </li>
      </ol>
    </nav>
  );
};
