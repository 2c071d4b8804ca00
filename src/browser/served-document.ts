// How the browser came to this document, from its navigation timing entry.

const entry = (): PerformanceNavigationTiming | undefined =>
  performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;

/**
 * The address the document was served for. Back or forward pressed before the scripts have run moves
 * the address bar to another entry of the same document, not the page on screen.
 */
export const servedAddress = (): string => entry()?.name ?? window.location.href;

/** The document was reached by a reload, or by going back or forward into a new document. */
export const reachedByReturn = (): boolean => {
  const type = entry()?.type;
  return type === 'reload' || type === 'back_forward';
};
