import type { ReactNode } from 'react';
import type { ListCollection } from '../../cms/types.ts';
import type { Locale } from '../../common/routes.ts';
import { displayTitle } from '../../cms/format.ts';
import { formattedDate } from '../templates/formatted-date.tsx';
import { Card } from './card.tsx';
import type { ListEntry } from './listed-entries.ts';

// Entries of a listed collection as cards, with the facts that tell them apart: in a list block and
// under a detail page as its related entries.

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

/** The cards of `entries`, their titles at `headingLevel`. */
export const EntryCards = ({
  collection,
  entries,
  headingLevel,
  locale,
}: {
  collection: ListCollection;
  entries: ListEntry[];
  headingLevel: 2 | 3 | 4;
  locale: Locale;
}) => (
  <ul className="cards">
    {entries.map((entry) => (
      <Card
        key={entry.id}
        title={displayTitle(entry.title)}
        url={entry.url}
        image={entry.image}
        headingLevel={headingLevel}
      >
        <CardFacts facts={factsOf(collection, entry, locale)} />
        {entry.intro ? <p className="card__text">{entry.intro}</p> : null}
      </Card>
    ))}
  </ul>
);
