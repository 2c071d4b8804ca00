import { LiveSearchForm } from '../../client-components/live-search-form.tsx';
import type { I18n } from '../../i18n/i18n.ts';
import type { Locale } from '../../common/routes.ts';
import { ARCHITECT_TITLES } from '../../common/register-types.ts';
import type { ArchitectResults, ArchitectTitle, RegistrationKind } from '../../common/register-types.ts';
import { registrationPath } from '../../common/routes.ts';
import { StatusBadge } from '../register/status-badge.tsx';
import { kindText } from '../register/status-text.ts';
import { TITLE_LABELS } from '../register/title-labels.ts';
import { Pagination, searchHref } from '../search/pagination.tsx';
import { SearchField } from '../search/search-field.tsx';
import { formattedDate } from '../templates/formatted-date.tsx';
import { HydratedApart } from '../hydrated-apart.tsx';

// The search of the register of architects (`/vind-een-architect`): free text over name, registration
// number and place, filters for title, place and kind (temporary service providers), and a page of people
// in the register, each linked to their registration's page; a suspended or struck-off registration says
// so in words, a temporary one says so with its end date.

export interface ArchitectSearchForm {
  searchTerm: string;
  title: ArchitectTitle | null;
  place: string | null;
  kind: RegistrationKind | null;
}

export type ArchitectOutcome =
  { kind: 'none' } | { kind: 'results'; results: ArchitectResults } | { kind: 'invalid' } | { kind: 'unavailable' };

const Results = ({
  results,
  form,
  path,
  locale,
  i18n,
}: {
  results: ArchitectResults;
  form: ArchitectSearchForm;
  path: string;
  locale: Locale;
  i18n: I18n;
}) => {
  const { total, page, perPage } = results.meta;
  return (
    <>
      <p role="status" className="search-page__count">
        {i18n._('architects_found', { count: total })}
      </p>
      {results.data.length ? (
        <ol className="architect-results">
          {results.data.map((architect) => (
            <li key={architect.registrations[0]?.number ?? architect.name} className="architect">
              <h2 className="architect__name">
                {/* A plain link, not a Link: the list hydrates no more than it did (the search's blocking time). */}
                <a href={registrationPath(locale, architect.registrations[0]!.number)}>{architect.name}</a>
              </h2>
              <p className="architect__place">{architect.place}</p>
              <dl className="architect__registrations">
                {architect.registrations.map((registration) => (
                  <div key={registration.number}>
                    <dt>{TITLE_LABELS[registration.title](i18n)}</dt>
                    {registration.status.kind === 'registered' ? null : (
                      <dd>
                        <StatusBadge status={registration.status} locale={locale} i18n={i18n} />
                      </dd>
                    )}
                    {registration.kind === 'temporary' ? (
                      <dd className="architect__kind">{kindText(registration, locale, i18n)}</dd>
                    ) : null}
                    <dd>
                      {i18n._('registration_number')} <span className="architect__number">{registration.number}</span>
                      {formattedDate(registration.date, locale) ? (
                        <>
                          {' '}
                          · {i18n._('registered_since')} {formattedDate(registration.date, locale)}
                        </>
                      ) : null}
                    </dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ol>
      ) : (
        <p>{i18n._('architects_none_hint')}</p>
      )}
      <Pagination
        page={page}
        pages={Math.ceil(total / perPage)}
        href={(target) => searchHref(path, { ...form, page: target })}
        i18n={i18n}
      />
    </>
  );
};

export const ArchitectSearchPage = ({
  path,
  form,
  places,
  outcome,
  locale,
  i18n,
}: {
  path: string;
  form: ArchitectSearchForm;
  places: string[];
  outcome: ArchitectOutcome;
  locale: Locale;
  i18n: I18n;
}) => (
  <article className="search-page">
    <h1>{i18n._('find_an_architect')}</h1>
    <p className="search-page__intro">{i18n._('architect_search_intro')}</p>
    <LiveSearchForm action={path} label={i18n._('find_an_architect')} className="search-form search-form--filters">
      <SearchField
        id="architect-search-term"
        name="searchTerm"
        label={i18n._('architect_search_label')}
        hint={i18n._('architect_search_hint')}
        error={outcome.kind === 'invalid' ? i18n._('search_invalid') : null}
        defaultValue={form.searchTerm}
      />
      <label className="search-form__filter">
        {i18n._('architect_title')}
        <select name="title" defaultValue={form.title ?? ''}>
          <option value="">{i18n._('architect_title_all')}</option>
          {ARCHITECT_TITLES.map((title) => (
            <option key={title} value={title}>
              {TITLE_LABELS[title](i18n)}
            </option>
          ))}
        </select>
      </label>
      <label className="search-form__filter">
        {i18n._('registration_kind')}
        <select name="kind" defaultValue={form.kind ?? ''}>
          <option value="">{i18n._('registration_kind_all')}</option>
          <option value="regular">{i18n._('registration_kind_regular')}</option>
          <option value="temporary">{i18n._('registration_kind_temporary_option')}</option>
        </select>
      </label>
      <label className="search-form__filter">
        {i18n._('architect_place')}
        {places.length ? (
          // Hundreds of places: hydrated on their own.
          <HydratedApart>
            <select name="place" defaultValue={form.place ?? ''}>
              <option value="">{i18n._('architect_place_all')}</option>
              {places.map((place) => (
                <option key={place} value={place}>
                  {place}
                </option>
              ))}
            </select>
          </HydratedApart>
        ) : (
          <input type="text" name="place" defaultValue={form.place ?? ''} maxLength={100} />
        )}
      </label>
      <button type="submit">{i18n._('search')}</button>
    </LiveSearchForm>
    <div className="search-page__results">
      {outcome.kind === 'results' ? (
        <HydratedApart>
          <Results results={outcome.results} form={form} path={path} locale={locale} i18n={i18n} />
        </HydratedApart>
      ) : null}
      {outcome.kind === 'unavailable' ? (
        <p role="status" className="search-page__notice">
          {i18n._('architect_search_unavailable')}
        </p>
      ) : null}
    </div>
  </article>
);
