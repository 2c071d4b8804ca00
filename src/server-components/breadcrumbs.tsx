import { Link } from '../client-components/link.tsx';
import { getI18n } from '../i18n/request-i18n.ts';
import type { Crumb } from './breadcrumb-trail.ts';
import { displayTitle } from '../cms/format.ts';

// The breadcrumb trail (breadcrumb-trail.ts: `trailTo`) above a page's title, ending in the page itself.

export const Breadcrumbs = ({ trail, title }: { trail: readonly Crumb[]; title: string }) => {
  const i18n = getI18n();
  if (trail.length === 0) return null;
  return (
    <nav className="breadcrumbs" aria-label={i18n._('breadcrumbs')}>
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
