'use client';

import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import {
  currentEntryAtom,
  filtersAtom,
  hideHeaderAtom,
  headerTransAtom,
  isHomeAtom,
  isMemberSearchAtom,
  isPendingAtom,
  isSearchAtom,
  menuOpenAtom,
  searchOpenAtom,
  themeAtom,
  transitioningAtom,
} from '../browser/state.ts';

// The page-wide flags as attributes of <html> and the page's theme as CSS variables: the stylesheet
// hides the header during a transition, makes it transparent over a hero, and colours the page from
// them, without a component of its own for each. Renders nothing.

const FLAGS = {
  transitioning: transitioningAtom,
  hideHeader: hideHeaderAtom,
  headerTrans: headerTransAtom,
  menuOpen: menuOpenAtom,
  searchOpen: searchOpenAtom,
  isHome: isHomeAtom,
  isSearch: isSearchAtom,
  isMemberSearch: isMemberSearchAtom,
  isPending: isPendingAtom,
} as const;

const Flag = ({ name, atom }: { name: string; atom: (typeof FLAGS)[keyof typeof FLAGS] }) => {
  const on = useAtomValue(atom);
  useEffect(() => {
    if (on) document.documentElement.dataset[name] = '';
    else delete document.documentElement.dataset[name];
  }, [name, on]);
  return null;
};

/** The list filters as JSON, so that the state's keys can be seen from outside (tests, support). */
const Filters = () => {
  const filters = useAtomValue(filtersAtom);
  useEffect(() => {
    document.documentElement.dataset.filters = JSON.stringify(filters);
  }, [filters]);
  return null;
};

/**
 * The theme's colours need nothing here: the document names its theme on <html> and its stylesheet
 * colours the page (document.tsx), on every client navigation too. What is set here is the rest.
 */
const ThemeAndEntryAttributes = () => {
  const theme = useAtomValue(themeAtom);
  const entry = useAtomValue(currentEntryAtom);
  useEffect(() => {
    document.documentElement.dataset.diap = String(theme.diap);
    if (entry) document.documentElement.dataset.entry = `${entry.collection}:${entry.id}`;
    else delete document.documentElement.dataset.entry;
  }, [theme, entry]);
  return null;
};

export const StateAttributes = () => (
  <>
    {Object.entries(FLAGS).map(([name, atom]) => (
      <Flag key={name} name={name} atom={atom} />
    ))}
    <ThemeAndEntryAttributes />
    <Filters />
  </>
);
