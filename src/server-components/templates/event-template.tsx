import { getRequestContext } from '../../../server/render/request-context.ts';
import type { Event } from '../../cms/types.ts';
import { getTranslate } from '../../i18n/request-translate.ts';
import { formatDate } from '../format.ts';
import { EntryLayout } from './entry-layout.tsx';

export const EventTemplate = ({ entry }: { entry: Event }) => {
  const { locale } = getRequestContext();
  const t = getTranslate();
  const time = [entry.start_time, entry.end_time].filter(Boolean).join(' – ');
  return (
    <EntryLayout
      title={entry.title}
      kind="event"
      intro={entry.intro}
      image={entry.image}
      content={entry.content}
      facts={[
        { label: t('date'), value: entry.date ? <time dateTime={entry.date}>{formatDate(entry.date, locale)}</time> : null },
        { label: t('time'), value: time },
        { label: t('location'), value: entry.location },
        { label: t('type'), value: entry.event_type?.title },
      ]}
    />
  );
};
