import type { ReactNode } from 'react';
import type { Asset } from '../../cms/types.ts';
import { CmsImage } from '../media/image.tsx';
import { displayTitle } from '../format.ts';
import { RichText } from '../rich-text.tsx';

export interface Fact {
  label: string;
  value: ReactNode;
}

/** The parts every detail page shares: the one h1, the facts as a list, the lead image and the text. */
export const EntryLayout = ({
  title,
  kind,
  facts = [],
  intro,
  image,
  content,
  children,
}: {
  title: string;
  /** The entry's type, for styling. */
  kind: string;
  facts?: Fact[];
  intro?: string | null | undefined;
  image?: Asset | null | undefined;
  content?: string | null | undefined;
  children?: ReactNode;
}) => {
  const shown = facts.filter((fact) => fact.value !== null && fact.value !== undefined && fact.value !== '');
  return (
    <article className={`entry entry--${kind}`}>
      <header className="entry__header">
        <h1>{displayTitle(title)}</h1>
        {intro ? <p className="entry__intro">{intro}</p> : null}
        {shown.length ? (
          <dl className="entry__facts">
            {shown.map((fact) => (
              <div key={fact.label}>
                <dt>{fact.label}</dt>
                <dd>{fact.value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
      </header>
      {image ? <CmsImage asset={image} aspect="16/9" sizes="(min-width: 72rem) 72rem, 100vw" priority className="entry__image" /> : null}
      <RichText html={content} className="entry__content" />
      {children}
    </article>
  );
};
