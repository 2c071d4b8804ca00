import type { ReactNode } from 'react';
import type { Asset } from '../../cms/types.ts';
import { CmsImage } from '../media/image.tsx';
import { displayTitle } from '../../cms/format.ts';
import { RichText } from '../rich-text.tsx';

export interface Fact {
  label: string;
  value: ReactNode;
}

const HERO_SIZES = '(min-width: 72rem) 70rem, 100vw';

/**
 * What every detail page shares: the page's one h1 (editors mark hyphenation points in titles with `~`),
 * the intro, the facts (date, place, …) as a description list, the hero image and the text.
 */
export const EntryLayout = ({
  breadcrumbs,
  title,
  kind,
  facts = [],
  intro,
  image,
  content,
  children,
  actions,
}: {
  breadcrumbs?: ReactNode;
  title: string;
  /** The entry's collection, for styling. */
  kind: string;
  facts?: Fact[];
  intro?: string | null | undefined;
  image?: Asset | null | undefined;
  content?: string | null | undefined;
  /** After the text, e.g. a publication's download. */
  children?: ReactNode;
  /** Links to act on the entry (an event: add it to a calendar), under its facts. */
  actions?: ReactNode;
}) => {
  const shown = facts.filter(
    (fact) => fact.value !== null && fact.value !== undefined && fact.value !== '' && fact.value !== false,
  );
  return (
    <article className={`entry entry--${kind}`}>
      <header className="entry__header">
        {breadcrumbs}
        <h1 className="entry__title">{displayTitle(title ?? '')}</h1>
        {intro ? <p className="entry__intro">{intro}</p> : null}
        {shown.length ? (
          <dl className="entry__facts">
            {shown.map((fact) => (
              <div key={fact.label} className="entry__fact">
                <dt>{fact.label}</dt>
                <dd>{fact.value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        {actions ? <p className="entry__actions">{actions}</p> : null}
      </header>
      {/* Above the fold on every detail page: requested at once, not lazily. */}
      {image ? <CmsImage asset={image} aspect="16/9" sizes={HERO_SIZES} priority className="entry__image" /> : null}
      <RichText html={content} className="entry__content" />
      {children}
    </article>
  );
};
