/**
 * Runs `run` once the browser is idle (within 2 s at most), in a task of its own: for work the page
 * does not need at once, kept out of the tasks that start it.
 */
export const whenIdle = (run: () => void): void => {
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 200);
};
