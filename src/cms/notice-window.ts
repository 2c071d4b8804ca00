import type { SiteNotice } from './types.ts';

// A site notice is shown between its `from` and `until`; a page that shows or hides it changes by itself
// at the next of those moments.

/** The notice when it is shown at `now`, else null. */
export const noticeShownAt = (notice: SiteNotice | null, now: number): SiteNotice | null =>
  notice && (notice.from === null || notice.from <= now) && (notice.until === null || now < notice.until)
    ? notice
    : null;

/** The next moment after `now` at which the notice appears or goes; undefined when there is none. */
export const noticeChangesAt = (notice: SiteNotice | null, now: number): number | undefined => {
  const coming = [notice?.from, notice?.until].filter((moment): moment is number => moment != null && moment > now);
  return coming.length > 0 ? Math.min(...coming) : undefined;
};
