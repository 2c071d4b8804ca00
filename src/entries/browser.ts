import { isChunkLoadError, reloadAfterChunkError } from '../browser/chunk-reload.ts';

// The browser entry, kept small: the document paints before any of React is evaluated. React, the
// Flight client and the layout's client components come in the `hydrate` chunk, asked for once the
// first paint is on screen: evaluating it first would hold that paint back, and downloading it beside
// the page's largest image would hold that image back on a slow connection.

const afterFirstPaint = (run: () => void): void => {
  // A page opened in the background paints only when shown; it need not wait for that.
  if (document.visibilityState === 'hidden' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    run();
    return;
  }
  // Paint entries are delivered in a task after the frame, past or future (`buffered`); an observer,
  // unlike a timer or an animation frame, is not held back by a throttled or paused clock. The first
  // contentful paint: a busy browser may first show a frame of backgrounds alone (`first-paint`).
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    run();
  });
  observer.observe({ type: 'paint', buffered: true });
};

afterFirstPaint(() => {
  import(/* webpackChunkName: "hydrate" */ './hydrate.tsx').catch((error: unknown) => {
    // A release replaced the chunk under a page kept from before it: the page works on without
    // script meanwhile, and a reload (once per 10 s) fetches the page of the new release.
    if (!isChunkLoadError(error) || !reloadAfterChunkError(window.location.href)) console.error(error);
  });
});
