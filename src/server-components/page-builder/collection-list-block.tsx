import type { ReactNode } from 'react';
import { getRequestContext } from '../../render/request-context.ts';
import { LIST_COLLECTIONS } from '../../cms/types.ts';
import type {
  Actuality,
  Course,
  Event,
  ListCollection,
  PageComponent,
  Publication,
  Term,
  Vacancy,
} from '../../cms/types.ts';
import { getI18n } from '../../i18n/request-i18n.ts';
import { EVENTS_FEED_PATHS, NEWS_FEED_PATHS } from '../../routes.ts';
import type { Locale } from '../../routes.ts';
import type { I18n } from '../../i18n/i18n.ts';
import { displayTitle } from '../format.ts';
import { amsterdamDay, formattedDate } from '../templates/formatted-date.tsx';
import { Card } from './card.tsx';
import { numberValue, optionValue } from './fields.ts';
import { BlockHeading } from './heading.tsx';
import { FACETS, isFilteredCollection, isFiltering, matchesFilter, readListFilter } from '../../list-filter.ts';
import type { FilterFacet } from '../../list-filter.ts';
import { ListFilterFields } from './list-filter-fields.tsx';

// The newest entries of a collection as cards. It streams in behind the page builder's Suspense: it
// cannot change the page's status, so a failed load shows the error text here and the rest of the page
// stands.

const isListCollection = (value: string | null): value is ListCollection =>
  value !== null && (LIST_COLLECTIONS as readonly string[]).includes(value);
const DEFAULT_LIMIT = 6;

/** Any entry of a listed collection: the list call asks for the fields all of them share or own. */
type ListEntry = Actuality & Event & Course & Vacancy & Publication;

/**
 * The entries to show, newest first as the CMS sorts them. Events are the exception: the agenda's
 * newest are the ones still to come, soonest first, and past ones (most recent first) only fill up.
 */
const pick = (collection: ListCollection, entries: ListEntry[], limit: number): ListEntry[] => {
  const linked = entries.filter((entry) => entry.url && entry.title);
  if (collection !== 'events') return linked.slice(0, limit);
  const today = amsterdamDay(new Date()) ?? '';
  const dayOf = (entry: ListEntry) => (entry.date ? amsterdamDay(entry.date) : null) ?? '';
  const upcoming = linked.filter((entry) => dayOf(entry) >= today).sort((a, b) => dayOf(a).localeCompare(dayOf(b)));
  const past = linked.filter((entry) => dayOf(entry) < today).sort((a, b) => dayOf(b).localeCompare(dayOf(a)));
  return [...upcoming, ...past].slice(0, limit);
};

/** The short facts under a card's title, per collection. */
const factsOf = (collection: ListCollection, entry: ListEntry, locale: Locale): ReactNode[] => {
  const date = (value: string | null | undefined) => formattedDate(value, locale);
  const facts: ReactNode[] = (() => {
    switch (collection) {
      case 'actualities':
        return [date(entry.date), entry.actuality_type?.title];
      case 'events':
        return [date(entry.date), entry.start_time, entry.location];
      case 'courses':
        return [date(entry.start_date), entry.location];
      case 'vacancies':
        return [entry.location, entry.hours];
      case 'publications':
        return [date(entry.publication_date), entry.publication_type?.title];
    }
  })();
  return facts.filter((fact) => fact !== null && fact !== undefined && fact !== '');
};

const CardFacts = ({ facts }: { facts: ReactNode[] }) =>
  facts.length ? (
    <p className="card__meta">
      {facts.map((fact, index) => (
        <span key={index}>
          {index > 0 ? <span aria-hidden="true"> · </span> : null}
          {fact}
        </span>
      ))}
    </p>
  ) : null;

export const CollectionListBlock = async ({
  block,
}: {
  block: Extract<PageComponent, { type: 'collection_list' }>;
}) => {
  // Before any await: the request context is read while this render is still the request's own.
  const { cms, locale, log, path, query } = getRequestContext();
  const i18n = getI18n();
  const collection = optionValue(block.collection);
  if (!isListCollection(collection)) {
    log.warn({ id: block.id, collection }, 'collection list component skipped: unknown collection');
    return null;
  }
  const limit = Math.max(1, Math.floor(numberValue(block.limit) ?? DEFAULT_LIMIT));

  const filterable = block.filters === true && isFilteredCollection(collection) ? collection : null;
  let entries: ListEntry[];
  let terms: Record<FilterFacet['taxonomy'], Term[]> | null = null;
  try {
    const [list, ...termLists] = await Promise.all([
      cms.list(collection, locale),
      ...(filterable ? FACETS[filterable].map(({ taxonomy }) => cms.terms(taxonomy, locale)) : []),
    ]);
    entries = list;
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

  // A filtered list shows every match; the list's limit is for the unfiltered one.
  const filter = filterable ? readListFilter(query) : null;
  const shown =
    filterable && filter && isFiltering(filter)
      ? pick(
          collection,
          entries.filter((entry) => matchesFilter(filterable, entry, filter)),
          entries.length,
        )
      : pick(collection, entries, limit);
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
          {i18n._('filter_results', { count: shown.length })}
        </p>
      ) : null}
      {shown.length === 0 ? (
        <p className="block__empty">{i18n._('list_empty')}</p>
      ) : (
        <ul className="cards">
          {shown.map((entry) => (
            <Card
              key={entry.id}
              title={displayTitle(entry.title)}
              url={entry.url}
              image={entry.image}
              headingLevel={block.heading ? 3 : 2}
            >
              <CardFacts facts={factsOf(collection, entry, locale)} />
              {entry.intro ? <p className="card__text">{entry.intro}</p> : null}
            </Card>
          ))}
        </ul>
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
