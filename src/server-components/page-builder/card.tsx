import type { ReactNode } from 'react';
import { Link } from '../../client-components/link.tsx';
import type { Asset } from '../../cms/types.ts';
import { CmsImage } from '../media/image.tsx';

/** A teaser linking to a page or entry; the whole card is one link with the title as its name. */
export const Card = ({ title, url, image, children }: { title: string; url: string; image?: Asset | null; children?: ReactNode }) => (
  <li className="card">
    {image ? <CmsImage asset={image} aspect="4/3" sizes="(min-width: 64rem) 33vw, (min-width: 40rem) 50vw, 100vw" className="card__image" /> : null}
    <h3 className="card__title">
      <Link href={url}>{title}</Link>
    </h3>
    {children}
  </li>
);
