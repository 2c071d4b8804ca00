import { getRequestContext } from '../../../server/render/request-context.ts';
import type { PageComponent } from '../../cms/types.ts';
import { getTranslate } from '../../i18n/request-translate.ts';
import { CmsImage } from '../media/image.tsx';
import { BlockHeading } from './heading.tsx';

// The team from the employees collection; streams in behind Suspense like other lists.
export const TeamBlock = async ({ block }: { block: Extract<PageComponent, { type: 'team' }> }) => {
  const { cms, locale, log } = getRequestContext();
  const t = getTranslate();
  let employees;
  try {
    employees = await cms.employees(locale);
  } catch (error) {
    log.error({ err: error }, 'team could not be loaded');
    return <p role="alert">{t('error_500')}</p>;
  }
  return (
    <section className="block block--team">
      <BlockHeading text={block.heading ?? t('team')} />
      <ul className="team">
        {employees.map((employee) => (
          <li key={employee.id} className="team__member">
            {employee.photo ? <CmsImage asset={employee.photo} aspect="3/4" sizes="(min-width: 48rem) 20vw, 50vw" /> : null}
            <h3>{employee.name ?? employee.title}</h3>
            {employee.function ? <p>{employee.function}</p> : null}
            {employee.email ? <a href={`mailto:${employee.email}`}>{employee.email}</a> : null}
          </li>
        ))}
      </ul>
    </section>
  );
};
