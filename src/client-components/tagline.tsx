'use client';

import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { taglinesAtom } from '../browser/state.ts';

// One of the taglines from the globals in the header, the next one on every page: the header changes
// with the page, not by itself (nothing moves that a reader would need to pause).
let shownPages = 0;

export const Tagline = () => {
  const taglines = useAtomValue(taglinesAtom);
  const [index, setIndex] = useState<number | null>(null);
  useEffect(() => {
    // Which tagline a page shows is known in the browser only (the server renders none): set once it is there.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setIndex(shownPages);
    shownPages += 1;
  }, [taglines]);
  if (index === null || taglines.length === 0) return null;
  return <p className="site-header__tagline">{taglines[index % taglines.length]}</p>;
};
