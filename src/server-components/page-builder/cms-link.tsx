import type { ReactNode } from 'react';
import { Link } from '../../client-components/link.tsx';

const isInternal = (url: string) => url.startsWith('/') && !url.startsWith('//');

/** A link an editor set: a client navigation inside the site, a plain link to anywhere else. */
export const CmsLink = ({ href, className, children }: { href: string; className?: string; children: ReactNode }) =>
  isInternal(href) ? (
    <Link className={className} href={href}>
      {children}
    </Link>
  ) : (
    <a className={className} href={href}>
      {children}
    </a>
  );
