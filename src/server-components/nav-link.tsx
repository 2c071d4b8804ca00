import type { ReactNode } from 'react';
import { Link } from '../client-components/link.tsx';
import type { NavPage } from '../cms/types.ts';

const isInternal = (url: string) => url.startsWith('/') && !url.startsWith('//');

/**
 * A link from a CMS navigation tree: client navigation inside the site, a new tab when the editor asks;
 * `current` marks the page on screen.
 */
export const NavLink = ({
  page,
  newTabLabel,
  current = false,
  children,
}: {
  page: NavPage;
  newTabLabel: string;
  current?: boolean;
  children?: ReactNode;
}) => {
  const url = page.url ?? '#';
  const label = children ?? page.title;
  if (page.open_in_new_tab) {
    return (
      <a href={url} target="_blank" rel="noopener noreferrer">
        {label} <span className="visually-hidden">{newTabLabel}</span>
      </a>
    );
  }
  const ariaCurrent = current ? 'page' : undefined;
  return isInternal(url) ? (
    <Link href={url} aria-current={ariaCurrent}>
      {label}
    </Link>
  ) : (
    <a href={url} aria-current={ariaCurrent}>
      {label}
    </a>
  );
};
