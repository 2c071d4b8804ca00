import type { ReactNode } from 'react';
import { getRequestContext, getSiteServices } from '../../request-context.ts';
import type { ListCollection, PageComponent, Term } from '../../cms/types.ts';
import { getI18n } from '../../i18n/request-i18n.ts';
import { EVENTS_FEED_PATHS, NEWS_FEED_PATHS } from '../../common/routes.ts';
import type { Locale } from '../../common/routes.ts';
import type { I18n } from '../../i18n/i18n.ts';
import { listPageHref, pageCount, pageItems } from '../../common/list-paging.ts';
import { Pagination } from '../search/pagination.tsx';
import { EntryCards } from './entry-cards.tsx';
import { optionValue } from './fields.ts';
import { BlockHeading } from './heading.tsx';
import { FACETS, isFilteredCollection, isFiltering, readListFilter } from '../../common/list-filter.ts';
import type { FilterFacet } from '../../common/list-filter.ts';
import { ListFilterFields } from './list-filter-fields.tsx';
import { blockEntries, isListCollection, isPastEvent, pageSizeOf, today } from './listed-entries.ts';
import type { ListEntry } from './listed-entries.ts';

// The newest entries of a collection as cards, a page of them at a time when it is the page's paged list.
// It streams in behind the page builder's Suspense: it cannot change the page's status (the page
// resolution has checked the page number), so a failed load shows the error text here and the rest of the
// page stands.

/** Above the past events, at the level of the cards before it, whose own level goes one down. */
const PastHeading = ({ level, children }: { level: 2 | 3; children: ReactNode }) => {
  const Heading = level === 2 ? 'h2' : 'h3';
  return <Heading className="block__subheading">{children}</Heading>;
};

export const CollectionListBlock = async ({
  block,
  page,
}: {
  block: Extract<PageComponent, { type: 'collection_list' }>;
  /** The page of the list to show, when it is the page's paged list; otherwise its first entries alone. */
  page?: number | undefined;
}) => {
  // Before any await: the request context is read while this render is still the request's own.
  const { locale, path, query } = getRequestContext();
  const { cms, log } = getSiteServices();
  const i18n = getI18n();
  const collection = optionValue(block.collection);
  if (!isListCollection(collection)) {
    log.warn({ id: block.id, collection }, 'collection list component skipped: unknown collection');
    return null;
  }
  const pageSize = pageSizeOf(block);

  const filterable = block.filters === true && isFilteredCollection(collection) ? collection : null;
  let entries: ListEntry[];
  let terms: Record<FilterFacet['taxonomy'], Term[]> | null = null;
  try {
    const [list, ...termLists] = await Promise.all([
      cms.list(collection, locale),
      ...(filterable ? FACETS[filterable].map(({ taxonomy }) => cms.terms(taxonomy, locale)) : []),
    ]);
    entries = blockEntries(block, collection, list, query);
    if (filterable)
      terms = Object.fromEntries(
        FACETS[filterable].map(({ taxonomy }, index) => [taxonomy, termLists[index] ?? []]),
      ) as Record<FilterFacet['taxonomy'], Term[]>;
  } catch (error) {
    log.error({ err: error, collection }, 'collection list component: entries could not be loaded');
    return (
      <section className="block block--collection-list">
        <BlockHeading text={block.heading} />
        <p role="alert" className="block__error">
          {i18n._('error_500')}
        </p>
      </section>
    );
  }

  const filter = filterable ? readListFilter(query) : null;
  const pages = page === undefined ? 1 : pageCount(entries.length, pageSize);
  const current = Math.min(page ?? 1, pages);
  const shown = pageItems(entries, current, pageSize);
  // The agenda's past events follow the coming ones, under a heading of their own where they begin.
  const now = today();
  const past = collection === 'events' ? shown.filter((entry) => isPastEvent(entry, now)) : [];
  const coming = shown.slice(0, shown.length - past.length);
  const headingLevel = block.heading ? 3 : 2;
  return (
    <section className={`block block--collection-list block--${collection}`}>
      <BlockHeading text={block.heading} />
      {filterable && filter && terms ? (
        <ListFilterFields
          collection={filterable}
          filter={filter}
          terms={terms}
          shownIds={shown.map((entry) => entry.id)}
          path={path}
          i18n={i18n}
        />
      ) : null}
      {filterable && filter && isFiltering(filter) ? (
        <p role="status" className="list-filter__count">
          {i18n._('filter_results', { count: entries.length })}
        </p>
      ) : null}
      {shown.length === 0 ? <p className="block__empty">{i18n._('list_empty')}</p> : null}
      {coming.length ? (
        <EntryCards collection={collection} entries={coming} headingLevel={headingLevel} locale={locale} />
      ) : null}
      {past.length ? (
        <>
          <PastHeading level={headingLevel}>{i18n._('list_past_events')}</PastHeading>
          <EntryCards
            collection={collection}
            entries={past}
            headingLevel={headingLevel === 2 ? 3 : 4}
            locale={locale}
          />
        </>
      ) : null}
      {page === undefined ? null : (
        <Pagination
          page={current}
          pages={pages}
          href={(target) => listPageHref(path, query, locale, target)}
          i18n={i18n}
        />
      )}
      {filterable ? <FeedLink collection={filterable} locale={locale} i18n={i18n} /> : null}
    </section>
  );
};

/** Under the full news and events lists: the feed a reader or a calendar can follow. */
const FeedLink = ({ collection, locale, i18n }: { collection: ListCollection; locale: Locale; i18n: I18n }) => {
  const feed =
    collection === 'actualities'
      ? { href: NEWS_FEED_PATHS[locale], type: 'application/atom+xml', label: i18n._('news_feed_link') }
      : collection === 'events'
        ? { href: EVENTS_FEED_PATHS[locale], type: 'text/calendar', label: i18n._('events_feed_link') }
        : null;
  return feed ? (
    <p className="block__feed">
      <a href={feed.href} type={feed.type}>
        {feed.label}
      </a>
    </p>
  ) : null;
};
