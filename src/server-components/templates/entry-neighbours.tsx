import { Link } from '../../client-components/link.tsx';
import type { ListCollection } from '../../cms/types.ts';
import { getI18n } from '../../i18n/request-i18n.ts';
import { getRequestContext, getSiteServices } from '../../request-context.ts';
import { displayTitle } from '../../cms/format.ts';
import { EntryCards } from '../page-builder/entry-cards.tsx';
import { neighboursOf } from '../page-builder/listed-entries.ts';
import type { ListEntry } from '../page-builder/listed-entries.ts';

// The end of a detail page: the entries before and after it in its list, and up to three related ones.
// It streams in behind Suspense: it cannot change the page's status, so a failed load shows the error
// text here and the entry above stands.

const NeighbourLink = ({
  entry,
  direction,
  label,
}: {
  entry: ListEntry;
  direction: 'prev' | 'next';
  label: string;
}) => (
  <li className={`entry-nav__item entry-nav__item--${direction}`}>
    <Link href={entry.url ?? ''} rel={direction}>
      <span className="entry-nav__direction">{label}</span>
      <span className="entry-nav__title">{displayTitle(entry.title)}</span>
    </Link>
  </li>
);

export const EntryNeighbours = async ({ collection, id }: { collection: ListCollection; id: string }) => {
  // Before any await: the request context is read while this render is still the request's own.
  const { locale } = getRequestContext();
  const { cms, log } = getSiteServices();
  const i18n = getI18n();
  let entries: ListEntry[];
  try {
    entries = await cms.list(collection, locale);
  } catch (error) {
    log.error({ err: error, collection }, 'the neighbours of an entry could not be loaded');
    return (
      <p role="alert" className="block__error entry-more">
        {i18n._('error_500')}
      </p>
    );
  }
  const { previous, next, related } = neighboursOf(collection, entries, id);
  if (!previous && !next && related.length === 0) return null;
  return (
    <div className="entry-more">
      {previous || next ? (
        <nav className="entry-nav" aria-label={i18n._('entry_nav_label')}>
          <ul>
            {previous ? <NeighbourLink entry={previous} direction="prev" label={i18n._('entry_nav_previous')} /> : null}
            {next ? <NeighbourLink entry={next} direction="next" label={i18n._('entry_nav_next')} /> : null}
          </ul>
        </nav>
      ) : null}
      {related.length ? (
        <section className="entry-related" aria-labelledby="entry-related-heading">
          <h2 id="entry-related-heading" className="entry-related__heading">
            {i18n._('entry_related')}
          </h2>
          <EntryCards collection={collection} entries={related} headingLevel={3} locale={locale} />
        </section>
      ) : null}
    </div>
  );
};
