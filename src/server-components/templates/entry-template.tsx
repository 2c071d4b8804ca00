import { Suspense } from 'react';
import type { ReactNode } from 'react';
import type { AnyEntry } from '../../cms/types.ts';
import type { ListPosition } from '../list-page.ts';
import { EntryNeighbours } from './entry-neighbours.tsx';
import { ActualityTemplate } from './actuality-template.tsx';
import { CourseTemplate } from './course-template.tsx';
import { EventTemplate } from './event-template.tsx';
import { PageTemplate } from './page-template.tsx';
import { PublicationTemplate } from './publication-template.tsx';
import { VacancyTemplate } from './vacancy-template.tsx';

type ListedEntry = Exclude<AnyEntry, { collection: 'pages' }>;

/** The detail template of a list's entry; `breadcrumbs` goes above its title. */
const ListEntryTemplate = ({ entry: found, breadcrumbs }: { entry: ListedEntry; breadcrumbs?: ReactNode }) => {
  switch (found.collection) {
    case 'actualities':
      return <ActualityTemplate entry={found.entry} breadcrumbs={breadcrumbs} />;
    case 'events':
      return <EventTemplate entry={found.entry} breadcrumbs={breadcrumbs} />;
    case 'courses':
      return <CourseTemplate entry={found.entry} breadcrumbs={breadcrumbs} />;
    case 'vacancies':
      return <VacancyTemplate entry={found.entry} breadcrumbs={breadcrumbs} />;
    case 'publications':
      return <PublicationTemplate entry={found.entry} breadcrumbs={breadcrumbs} />;
  }
};

/**
 * The detail template of an entry's collection; `breadcrumbs` goes above its title. A page shows
 * `listPosition` of its list; an entry of a list ends with its neighbours and related entries, which
 * stream in behind it.
 */
export const EntryTemplate = ({
  entry: found,
  breadcrumbs,
  listPosition = null,
}: {
  entry: AnyEntry;
  breadcrumbs?: ReactNode;
  listPosition?: ListPosition | null;
}) =>
  found.collection === 'pages' ? (
    <PageTemplate page={found.entry} breadcrumbs={breadcrumbs} listPosition={listPosition} />
  ) : (
    <>
      <ListEntryTemplate entry={found} breadcrumbs={breadcrumbs} />
      <Suspense fallback={null}>
        <EntryNeighbours collection={found.collection} id={found.entry.id} />
      </Suspense>
    </>
  );
