import type { ReactNode } from 'react';
import { getRequestContext } from '../../render/request-context.ts';
import type { Actuality } from '../../cms/types.ts';
import { getTranslate } from '../../i18n/request-translate.ts';
import { EntryLayout } from './entry-layout.tsx';
import { formattedDate } from './formatted-date.tsx';

export const ActualityTemplate = ({ entry, breadcrumbs }: { entry: Actuality; breadcrumbs?: ReactNode }) => {
  const { locale } = getRequestContext();
  const t = getTranslate();
  return (
    <EntryLayout
      breadcrumbs={breadcrumbs}
      title={entry.title}
      kind="actuality"
      intro={entry.intro}
      image={entry.image}
      content={entry.content}
      facts={[
        { label: t('date'), value: formattedDate(entry.date, locale) },
        { label: t('type'), value: entry.actuality_type?.title },
      ]}
    />
  );
};
