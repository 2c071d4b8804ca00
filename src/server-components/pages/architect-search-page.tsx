import { LiveSearchForm } from '../../client-components/live-search-form.tsx';
import type { Translate } from '../../i18n/translate.ts';
import type { Locale } from '../../routes.ts';
import { ARCHITECT_TITLES } from '../../register/types.ts';
import type { ArchitectResults, ArchitectTitle } from '../../register/types.ts';
import { Pagination, searchHref } from '../search/pagination.tsx';
import { SearchField } from '../search/search-field.tsx';
import { formattedDate } from '../templates/formatted-date.tsx';

// The search of the register of architects (`/vind-een-architect`): free text over name, registration
// number and place, filters for title and place, and a page of registered people.

export interface ArchitectSearchForm {
  searchTerm: string;
  title: ArchitectTitle | null;
  place: string | null;
}

export type ArchitectOutcome =
  { kind: 'none' } | { kind: 'results'; results: ArchitectResults } | { kind: 'invalid' } | { kind: 'unavailable' };

const TITLE_LABELS: Record<ArchitectTitle, (t: Translate) => string> = {
  architect: (t) => t('title_architect'),
  'interior-architect': (t) => t('title_interior_architect'),
  'urban-planner': (t) => t('title_urban_planner'),
  'landscape-architect': (t) => t('title_landscape_architect'),
};

const Results = ({
  results,
  form,
  path,
  locale,
  t,
}: {
  results: ArchitectResults;
  form: ArchitectSearchForm;
  path: string;
  locale: Locale;
  t: Translate;
}) => {
  const { total, page, perPage } = results.meta;
  return (
    <>
      <p role="status" className="search-page__count">
        {t('architects_found', { count: total })}
      </p>
      {results.data.length ? (
        <ol className="architect-results">
          {results.data.map((architect) => (
            <li key={architect.registrations[0]?.number ?? architect.name} className="architect">
              <h2 className="architect__name">{architect.name}</h2>
              <p className="architect__place">{architect.place}</p>
              <dl className="architect__registrations">
                {architect.registrations.map((registration) => (
                  <div key={registration.number}>
                    <dt>{TITLE_LABELS[registration.title](t)}</dt>
                    <dd>
                      {t('registration_number')} <span className="architect__number">{registration.number}</span>
                      {formattedDate(registration.date, locale) ? (
                        <>
                          {' '}
                          · {t('registered_since')} {formattedDate(registration.date, locale)}
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
        <p>{t('architects_none_hint')}</p>
      )}
      <Pagination
        page={page}
        pages={Math.ceil(total / perPage)}
        href={(target) => searchHref(path, { ...form, page: target })}
        t={t}
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
  t,
}: {
  path: string;
  form: ArchitectSearchForm;
  places: string[];
  outcome: ArchitectOutcome;
  locale: Locale;
  t: Translate;
}) => (
  <article className="search-page">
    <h1>{t('find_an_architect')}</h1>
    <p className="search-page__intro">{t('architect_search_intro')}</p>
    <LiveSearchForm action={path} label={t('find_an_architect')} className="search-form search-form--filters">
      <SearchField
        id="architect-search-term"
        name="searchTerm"
        label={t('architect_search_label')}
        hint={t('architect_search_hint')}
        error={outcome.kind === 'invalid' ? t('search_invalid') : null}
        defaultValue={form.searchTerm}
      />
      <label className="search-form__filter">
        {t('architect_title')}
        <select name="title" defaultValue={form.title ?? ''}>
          <option value="">{t('architect_title_all')}</option>
          {ARCHITECT_TITLES.map((title) => (
            <option key={title} value={title}>
              {TITLE_LABELS[title](t)}
            </option>
          ))}
        </select>
      </label>
      <label className="search-form__filter">
        {t('architect_place')}
        {places.length ? (
          <select name="place" defaultValue={form.place ?? ''}>
            <option value="">{t('architect_place_all')}</option>
            {places.map((place) => (
              <option key={place} value={place}>
                {place}
              </option>
            ))}
          </select>
        ) : (
          <input type="text" name="place" defaultValue={form.place ?? ''} maxLength={100} />
        )}
      </label>
      <button type="submit">{t('search')}</button>
    </LiveSearchForm>
    <div className="search-page__results">
      {outcome.kind === 'results' ? (
        <Results results={outcome.results} form={form} path={path} locale={locale} t={t} />
      ) : null}
      {outcome.kind === 'unavailable' ? (
        <p role="status" className="search-page__notice">
          {t('architect_search_unavailable')}
        </p>
      ) : null}
    </div>
  </article>
);
