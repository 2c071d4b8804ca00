import { getRequestContext, getSiteServices } from '../../request-context.ts';
import type { Employee, PageComponent } from '../../cms/types.ts';
import { getI18n } from '../../i18n/request-i18n.ts';
import { CmsImage } from '../media/image.tsx';
import { BlockHeading } from './heading.tsx';

// The team from the employees collection. It streams in behind the page builder's Suspense: it cannot
// change the page's status, so a failed load shows the error text here and the rest of the page stands.
export const TeamBlock = async ({ block }: { block: Extract<PageComponent, { type: 'team' }> }) => {
  // Before any await: the request context is read while this render is still the request's own.
  const { locale } = getRequestContext();
  const { cms, log } = getSiteServices();
  const i18n = getI18n();
  const heading = block.heading || i18n._('team');
  let employees: Employee[];
  try {
    employees = await cms.employees(locale);
  } catch (error) {
    log.error({ err: error }, 'team component: employees could not be loaded');
    return (
      <section className="block block--team">
        <BlockHeading text={heading} />
        <p role="alert" className="block__error">
          {i18n._('error_500')}
        </p>
      </section>
    );
  }
  const members = employees.filter((employee) => employee.name || employee.title);
  if (members.length === 0) return null;
  return (
    <section className="block block--team">
      <BlockHeading text={heading} />
      <ul className="team">
        {members.map((employee) => (
          <li key={employee.id} className="team__member">
            <h3 className="team__name">{employee.name || employee.title}</h3>
            {employee.function ? <p className="team__function">{employee.function}</p> : null}
            {employee.email ? (
              <p className="team__contact">
                <a href={`mailto:${employee.email}`}>{employee.email}</a>
              </p>
            ) : null}
            {employee.photo ? (
              <CmsImage
                asset={employee.photo}
                aspect="3/4"
                sizes="(min-width: 64rem) 14rem, (min-width: 40rem) 30vw, 50vw"
                className="team__photo"
              />
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
};
