'use client';

import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { filterKey, filteredListsAtom, filtersAtom, store } from '../browser/state.ts';
import type { FilteredCollection } from '../common/list-filter.ts';
import { LiveSearchForm } from './live-search-form.tsx';

// The filter form of a list: a live GET form, whose state the client keeps under the key
// docs/specification.md section 3 gives it (the courses list under `events`, the events list under
// `courses`), with the ids it shows.

export const ListFilterForm = ({
  collection,
  search,
  selectors,
  shownIds,
  action,
  label,
  children,
}: {
  collection: FilteredCollection;
  search: string;
  /** The chosen terms as `param:slug`, e.g. `type:webinar`. */
  selectors: string[];
  shownIds: string[];
  action: string;
  label: string;
  children: ReactNode;
}) => {
  const key = filterKey(collection);
  const wrapper = useRef<HTMLDivElement>(null);
  useEffect(() => {
    store.set(filtersAtom, (filters) => ({ ...filters, [key]: { search, selectors } }));
    store.set(filteredListsAtom, (lists) => ({ ...lists, [collection]: shownIds }));
    // The fields show the filter of the URL also when it changed elsewhere (the reset link, back and
    // forward); the field being typed in is left alone.
    for (const input of wrapper.current?.querySelectorAll('input') ?? []) {
      if (input.type === 'checkbox') input.checked = selectors.includes(`${input.name}:${input.value}`);
      else if (input.name === 'search' && input !== document.activeElement) input.value = search;
    }
  }, [collection, key, search, selectors, shownIds]);

  return (
    <div ref={wrapper} className="list-filter" data-filter-key={key}>
      <LiveSearchForm action={action} label={label} className="list-filter__form">
        {children}
      </LiveSearchForm>
    </div>
  );
};
