import type { ReactNode } from 'react';
import { getRequestContext } from '../../request-context.ts';
import type { Actuality } from '../../cms/types.ts';
import { getI18n } from '../../i18n/request-i18n.ts';
import { EntryLayout } from './entry-layout.tsx';
import { formattedDate } from './formatted-date.tsx';

export const ActualityTemplate = ({ entry, breadcrumbs }: { entry: Actuality; breadcrumbs?: ReactNode }) => {
  const { locale } = getRequestContext();
  const i18n = getI18n();
  return (
    <EntryLayout
      breadcrumbs={breadcrumbs}
      title={entry.title}
      kind="actuality"
      intro={entry.intro}
      image={entry.image}
      content={entry.content}
      facts={[
        { label: i18n._('date'), value: formattedDate(entry.date, locale) },
        { label: i18n._('type'), value: entry.actuality_type?.title },
      ]}
    />
  );
};
