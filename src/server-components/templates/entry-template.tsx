import type { ReactNode } from 'react';
import type { AnyEntry } from '../../cms/types.ts';
import { ActualityTemplate } from './actuality-template.tsx';
import { CourseTemplate } from './course-template.tsx';
import { EventTemplate } from './event-template.tsx';
import { PageTemplate } from './page-template.tsx';
import { PublicationTemplate } from './publication-template.tsx';
import { VacancyTemplate } from './vacancy-template.tsx';

/** The detail template of an entry's collection; `breadcrumbs` goes above its title. */
export const EntryTemplate = ({ entry: found, breadcrumbs }: { entry: AnyEntry; breadcrumbs?: ReactNode }) => {
  switch (found.collection) {
    case 'pages':
      return <PageTemplate page={found.entry} breadcrumbs={breadcrumbs} />;
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
