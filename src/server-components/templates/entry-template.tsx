import type { AnyEntry } from '../../cms/types.ts';
import { ActualityTemplate } from './actuality-template.tsx';
import { CourseTemplate } from './course-template.tsx';
import { EventTemplate } from './event-template.tsx';
import { PageTemplate } from './page-template.tsx';
import { PublicationTemplate } from './publication-template.tsx';
import { VacancyTemplate } from './vacancy-template.tsx';

/** The detail template of an entry's collection. */
export const EntryTemplate = ({ entry: found }: { entry: AnyEntry }) => {
  switch (found.collection) {
    case 'pages':
      return <PageTemplate page={found.entry} />;
    case 'actualities':
      return <ActualityTemplate entry={found.entry} />;
    case 'events':
      return <EventTemplate entry={found.entry} />;
    case 'courses':
      return <CourseTemplate entry={found.entry} />;
    case 'vacancies':
      return <VacancyTemplate entry={found.entry} />;
    case 'publications':
      return <PublicationTemplate entry={found.entry} />;
  }
};
