import { ListFilterForm } from '../../client-components/list-filter-form.tsx';
import type { Term } from '../../cms/types.ts';
import type { I18n } from '../../i18n/i18n.ts';
import { FACETS, isFiltering } from '../../common/list-filter.ts';
import type { FilteredCollection, FilterFacet, ListFilterValue } from '../../common/list-filter.ts';
import { Link } from '../../client-components/link.tsx';

// The filter form above a list: search text, a group of checkboxes per taxonomy, a submit button for
// browsers without JavaScript, and a link back to the whole list.

const facetLegend = (i18n: I18n, facet: FilterFacet) =>
  facet.param === 'discipline' ? i18n._('disciplines') : i18n._('type');

export const ListFilterFields = ({
  collection,
  filter,
  terms,
  shownIds,
  path,
  i18n,
}: {
  collection: FilteredCollection;
  filter: ListFilterValue;
  terms: Record<FilterFacet['taxonomy'], Term[]>;
  shownIds: string[];
  path: string;
  i18n: I18n;
}) => (
  <ListFilterForm
    collection={collection}
    search={filter.search}
    selectors={FACETS[collection].flatMap(({ param }) => filter[param].map((slug) => `${param}:${slug}`))}
    shownIds={shownIds}
    action={path}
    label={i18n._('filter_label')}
  >
    <label className="search-form__label">
      {i18n._('filter_search')}
      <input type="search" name="search" defaultValue={filter.search} maxLength={100} autoComplete="off" />
    </label>
    {FACETS[collection].map((facet) =>
      terms[facet.taxonomy].length ? (
        <fieldset key={facet.param} className="list-filter__facet">
          <legend>{facetLegend(i18n, facet)}</legend>
          {terms[facet.taxonomy].map((term) => (
            <label key={term.slug} className="list-filter__option">
              <input
                type="checkbox"
                name={facet.param}
                value={term.slug}
                defaultChecked={filter[facet.param].includes(term.slug)}
              />
              {term.title}
            </label>
          ))}
        </fieldset>
      ) : null,
    )}
    <button type="submit">{i18n._('filter_apply')}</button>
    {isFiltering(filter) ? <Link href={path}>{i18n._('filter_reset')}</Link> : null}
  </ListFilterForm>
);
