import type { ReactNode } from 'react';
import { getRequestContext } from '../../request-context.ts';
import type { Event } from '../../cms/types.ts';
import { getI18n } from '../../i18n/request-i18n.ts';
import { INVITE_SUFFIX } from '../../common/routes.ts';
import { clockTime } from '../../cms/format.ts';
import { EntryLayout } from './entry-layout.tsx';
import { formattedDate } from './formatted-date.tsx';

/** A clock time from the CMS (`9:30`, `14:00`) in a <time>, when it is one; other text as it is. */
const Clock = ({ value }: { value: string }) => {
  const time = clockTime(value);
  return time ? <time dateTime={time}>{value.trim()}</time> : <>{value}</>;
};

export const EventTemplate = ({ entry, breadcrumbs }: { entry: Event; breadcrumbs?: ReactNode }) => {
  const { locale } = getRequestContext();
  const i18n = getI18n();
  const { start_time: start, end_time: end } = entry;
  const time = start ? (
    <>
      <Clock value={start} />
      {end ? (
        <>
          {' – '}
          <Clock value={end} />
        </>
      ) : null}
    </>
  ) : null;
  return (
    <EntryLayout
      breadcrumbs={breadcrumbs}
      title={entry.title}
      kind="event"
      intro={entry.intro}
      image={entry.image}
      content={entry.content}
      facts={[
        { label: i18n._('date'), value: formattedDate(entry.date, locale) },
        { label: i18n._('time'), value: time },
        { label: i18n._('location'), value: entry.location },
        { label: i18n._('type'), value: entry.event_type?.title },
      ]}
      actions={
        entry.url && entry.date ? (
          <a className="button button--secondary" href={`${entry.url}${INVITE_SUFFIX}`} type="text/calendar" download>
            {i18n._('add_to_calendar')}
          </a>
        ) : null
      }
    />
  );
};
