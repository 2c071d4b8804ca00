import type { ReactNode } from 'react';
import type { I18n } from '../../i18n/i18n.ts';
import type { Architect, Registration } from '../../common/register-types.ts';
import { TITLE_MISUSE_REPORT_PATHS } from '../../common/routes.ts';
import type { Locale } from '../../common/routes.ts';
import { STATUS_MARKS, StatusBadge } from '../register/status-badge.tsx';
import { kindText, measureText, momentText, statusMeaning, statusText } from '../register/status-text.ts';
import { TITLE_LABELS } from '../register/title-labels.ts';
import { formattedDate } from '../templates/formatted-date.tsx';

// A registration's page (`/vind-een-architect/1.070515.028`): the status of that registration first, in
// words, with what it means for using the title; then the person and each of their registrations in the
// register result's style. Also the answers for a number the register does not have, and for a register
// that cannot be asked. A found registration says as of when the register said so, and what that does
// and does not prove; printed, it keeps the site's name and the page's address (src/styles/print.css).

const RegistrationFacts = ({
  registration,
  withStatus,
  locale,
  i18n,
}: {
  registration: Registration;
  /** Whether its status is said here too: not when it is the person's only one, said at the top already. */
  withStatus: boolean;
  locale: Locale;
  i18n: I18n;
}) => (
  <li className="registration-facts">
    <h3 className="registration-facts__title">{TITLE_LABELS[registration.title](i18n)}</h3>
    {withStatus ? <StatusBadge status={registration.status} locale={locale} i18n={i18n} /> : null}
    <dl>
      <div>
        <dt>{i18n._('registration_number')}</dt>
        <dd className="architect__number">{registration.number}</dd>
      </div>
      <div>
        <dt>{i18n._('registration_date')}</dt>
        <dd>{formattedDate(registration.date, locale)}</dd>
      </div>
      {registration.kind === 'temporary' ? (
        <div>
          <dt>{i18n._('registration_kind')}</dt>
          <dd>{kindText(registration, locale, i18n)}</dd>
        </div>
      ) : null}
      {registration.measures.length ? (
        <div>
          <dt>{i18n._('registration_measures_in_force')}</dt>
          {registration.measures.map((measure) => (
            <dd key={`${measure.kind}-${measure.from}`}>{measureText(measure, locale, i18n)}</dd>
          ))}
        </div>
      ) : null}
    </dl>
  </li>
);

/** Where a printed page comes from: the site's name and the page's stable address. */
interface PrintedSource {
  siteName: string;
  address: string;
}

export const RegistrationPage = ({
  architect,
  number,
  retrievedAt,
  source,
  breadcrumbs,
  locale,
  i18n,
}: {
  architect: Architect;
  /** The number the page is for: its status comes first. */
  number: string;
  /** The moment the register gave its answer. */
  retrievedAt: string;
  source: PrintedSource;
  breadcrumbs: ReactNode;
  locale: Locale;
  i18n: I18n;
}) => {
  const shown = architect.registrations.find((registration) => registration.number === number)!;
  return (
    <article className="registration-page">
      {breadcrumbs}
      <section
        className={`registration-status registration-status--${shown.status.kind}`}
        aria-labelledby="registration-status"
      >
        {/* Which registration the status is of: a person may have several, each with a status of its own. */}
        <p className="registration-status__subject">
          {`${TITLE_LABELS[shown.title](i18n)} · `}
          <span className="architect__number">{shown.number}</span>
        </p>
        <p id="registration-status" className="registration-status__text">
          <span className="registration-status__mark" aria-hidden="true">
            {STATUS_MARKS[shown.status.kind]}
          </span>{' '}
          <strong>{statusText(shown.status, locale, i18n)}</strong>
        </p>
        <p className="registration-status__meaning">{statusMeaning(shown.status, i18n)}</p>
        {shown.kind === 'temporary' ? (
          <p className="registration-status__kind">
            <strong>{kindText(shown, locale, i18n)}</strong> {i18n._('registration_kind_temporary_meaning')}
          </p>
        ) : null}
        <p className="registration-status__moment">
          {i18n._('registration_as_of')} <time dateTime={retrievedAt}>{momentText(retrievedAt, locale)}</time>
        </p>
      </section>
      <h1 className="registration-page__name">{architect.name}</h1>
      <p className="registration-page__place">{architect.place}</p>
      <h2 className="registration-page__heading">{i18n._('registration_titles')}</h2>
      <ol className="registration-page__registrations">
        {architect.registrations.map((registration) => (
          <RegistrationFacts
            key={registration.number}
            registration={registration}
            withStatus={architect.registrations.length > 1}
            locale={locale}
            i18n={i18n}
          />
        ))}
      </ol>
      <footer className="registration-page__proof">
        <p>{i18n._('registration_proves')}</p>
        {/* On paper only: where the page came from, for whoever keeps it. */}
        <p className="registration-page__source">
          {source.siteName} · <span className="registration-page__address">{source.address}</span>
        </p>
      </footer>
    </article>
  );
};

/** A number the register does not have (or that is not a number's shape): what that means, and where to report. */
export const RegistrationNotFound = ({
  number,
  breadcrumbs,
  locale,
  i18n,
}: {
  number: string;
  breadcrumbs: ReactNode;
  locale: Locale;
  i18n: I18n;
}) => (
  <article className="registration-page">
    {breadcrumbs}
    <h1>{i18n._('registration_not_found_heading')}</h1>
    <div className="registration-status registration-status--unknown">
      <p className="registration-status__text">
        <strong>{i18n._('registration_not_found_text', { number })}</strong>
      </p>
      <p className="registration-status__meaning">{i18n._('registration_not_found_meaning')}</p>
    </div>
    <p>{i18n._('registration_not_found_check')}</p>
    <p>
      <a className="registration-page__report" href={TITLE_MISUSE_REPORT_PATHS[locale]}>
        {i18n._('registration_report_misuse')}
      </a>
    </p>
  </article>
);

/** The register could not be asked: the page says so and the visitor may try again. */
export const RegistrationUnavailable = ({
  number,
  breadcrumbs,
  i18n,
}: {
  number: string;
  breadcrumbs: ReactNode;
  i18n: I18n;
}) => (
  <article className="registration-page">
    {breadcrumbs}
    <h1>
      {i18n._('registration_number')} <span className="architect__number">{number}</span>
    </h1>
    <p role="status" className="search-page__notice">
      {i18n._('architect_search_unavailable')}
    </p>
  </article>
);
