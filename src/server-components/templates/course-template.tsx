import { getRequestContext } from '../../../server/render/request-context.ts';
import type { Course } from '../../cms/types.ts';
import { getTranslate } from '../../i18n/request-translate.ts';
import { formatDate } from '../format.ts';
import { EntryLayout } from './entry-layout.tsx';

export const CourseTemplate = ({ entry }: { entry: Course }) => {
  const { locale } = getRequestContext();
  const t = getTranslate();
  return (
    <EntryLayout
      title={entry.title}
      kind="course"
      intro={entry.intro}
      image={entry.image}
      content={entry.content}
      facts={[
        { label: t('type'), value: entry.course_type?.title },
        { label: t('disciplines'), value: entry.disciplines?.map((term) => term.title).join(', ') },
        { label: t('provider'), value: entry.provider },
        { label: t('location'), value: entry.location },
        { label: t('start_date'), value: entry.start_date ? <time dateTime={entry.start_date}>{formatDate(entry.start_date, locale)}</time> : null },
        { label: t('duration'), value: entry.duration },
        { label: t('price'), value: entry.price },
      ]}
    />
  );
};
