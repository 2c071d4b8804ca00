import type { ReactNode } from 'react';
import { getRequestContext } from '../../render/request-context.ts';
import type { Course } from '../../cms/types.ts';
import { getTranslate } from '../../i18n/request-translate.ts';
import { EntryLayout } from './entry-layout.tsx';
import { formattedDate } from './formatted-date.tsx';

export const CourseTemplate = ({ entry, breadcrumbs }: { entry: Course; breadcrumbs?: ReactNode }) => {
  const { locale } = getRequestContext();
  const t = getTranslate();
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
        { label: t('type'), value: entry.course_type?.title },
        { label: t('disciplines'), value: disciplines.join(', ') },
        { label: t('provider'), value: entry.provider },
        { label: t('location'), value: entry.location },
        { label: t('start_date'), value: formattedDate(entry.start_date, locale) },
        { label: t('duration'), value: entry.duration },
        { label: t('price'), value: entry.price },
      ]}
    />
  );
};
