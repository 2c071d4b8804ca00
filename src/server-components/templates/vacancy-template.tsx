import type { ReactNode } from 'react';
import { getRequestContext } from '../../render/request-context.ts';
import type { Vacancy } from '../../cms/types.ts';
import { getTranslate } from '../../i18n/request-translate.ts';
import { EntryLayout } from './entry-layout.tsx';
import { formattedDate } from './formatted-date.tsx';

export const VacancyTemplate = ({ entry, breadcrumbs }: { entry: Vacancy; breadcrumbs?: ReactNode }) => {
  const { locale } = getRequestContext();
  const t = getTranslate();
  return (
    <EntryLayout
      breadcrumbs={breadcrumbs}
      title={entry.title}
      kind="vacancy"
      intro={entry.intro}
      content={entry.content}
      facts={[
        { label: t('location'), value: entry.location },
        { label: t('hours'), value: entry.hours },
        { label: t('salary'), value: entry.salary },
        { label: t('closing_date'), value: formattedDate(entry.closing_date, locale) },
      ]}
    />
  );
};
