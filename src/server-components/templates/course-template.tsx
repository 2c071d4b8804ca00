import type { ReactNode } from 'react';
import { getRequestContext } from '../../request-context.ts';
import type { Course } from '../../cms/types.ts';
import { getI18n } from '../../i18n/request-i18n.ts';
import { EntryLayout } from './entry-layout.tsx';
import { formattedDate } from './formatted-date.tsx';

export const CourseTemplate = ({ entry, breadcrumbs }: { entry: Course; breadcrumbs?: ReactNode }) => {
  const { locale } = getRequestContext();
  const i18n = getI18n();
  const disciplines = Array.isArray(entry.disciplines)
    ? entry.disciplines.map((term) => term.title).filter(Boolean)
    : [];
  return (
    <EntryLayout
      breadcrumbs={breadcrumbs}
      title={entry.title}
      kind="course"
      intro={entry.intro}
      image={entry.image}
      content={entry.content}
      facts={[
        { label: i18n._('type'), value: entry.course_type?.title },
        { label: i18n._('disciplines'), value: disciplines.join(', ') },
        { label: i18n._('provider'), value: entry.provider },
        { label: i18n._('location'), value: entry.location },
        { label: i18n._('start_date'), value: formattedDate(entry.start_date, locale) },
        { label: i18n._('duration'), value: entry.duration },
        { label: i18n._('price'), value: entry.price },
      ]}
    />
  );
};
