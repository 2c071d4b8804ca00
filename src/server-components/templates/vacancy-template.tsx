import type { ReactNode } from 'react';
import { getRequestContext } from '../../request-context.ts';
import type { Vacancy } from '../../cms/types.ts';
import { getI18n } from '../../i18n/request-i18n.ts';
import { EntryLayout } from './entry-layout.tsx';
import { formattedDate } from './formatted-date.tsx';

export const VacancyTemplate = ({ entry, breadcrumbs }: { entry: Vacancy; breadcrumbs?: ReactNode }) => {
  const { locale } = getRequestContext();
  const i18n = getI18n();
  return (
    <EntryLayout
      breadcrumbs={breadcrumbs}
      title={entry.title}
      kind="vacancy"
      intro={entry.intro}
      content={entry.content}
      facts={[
        { label: i18n._('location'), value: entry.location },
        { label: i18n._('hours'), value: entry.hours },
        { label: i18n._('salary'), value: entry.salary },
        { label: i18n._('closing_date'), value: formattedDate(entry.closing_date, locale) },
      ]}
    />
  );
};
