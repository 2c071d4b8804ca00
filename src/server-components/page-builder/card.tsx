import type { ReactNode } from 'react';
import type { Asset } from '../../cms/types.ts';
import { CmsImage } from '../media/image.tsx';
import { CmsLink } from './cms-link.tsx';

const CARD_SIZES = '(min-width: 64rem) 24rem, (min-width: 40rem) 50vw, 100vw';

/**
 * A teaser in a list of cards. The title comes first in the source, so a screen reader meets it before
 * anything else; CSS shows the image on top. With a URL the whole card is one link named by its title.
 */
export const Card = ({
  title,
  url,
  image,
  headingLevel = 3,
  children,
}: {
  title: string;
  url?: string | null | undefined;
  image?: Asset | null | undefined;
  /** h2 when the list has no heading of its own, so no level is skipped; h4 under a subheading. */
  headingLevel?: 2 | 3 | 4;
  children?: ReactNode;
}) => {
  const Heading = headingLevel === 2 ? 'h2' : headingLevel === 3 ? 'h3' : 'h4';
  return (
    <li className={url ? 'card card--link' : 'card'}>
      <Heading className="card__title">{url ? <CmsLink href={url}>{title}</CmsLink> : title}</Heading>
      {children}
      {image ? <CmsImage asset={image} aspect="4/3" sizes={CARD_SIZES} className="card__image" /> : null}
    </li>
  );
};
