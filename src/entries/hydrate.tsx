import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createFromReadableStream } from 'react-server-dom-webpack/client';
import type { RscPayload } from '../common/payload.ts';
import { readInlinedPayload } from '../browser/inlined-payload.ts';
import { isChunkLoadError, reloadAfterChunkError } from '../browser/chunk-reload.ts';

// Loaded by the browser entry after the first paint: hydrates the document from the payload inlined in
// the HTML (no second request).

/** A task of its own for what follows: a message, not a timer, neither clamped nor held back by a throttled clock. */
const nextTask = () =>
  new Promise<void>((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(null);
  });

const hydrate = async () => {
  // Three tasks instead of one long one, so that a tap during start-up is answered sooner: React's
  // modules are evaluated in the task that ran this chunk, the site's own modules in the next (they are
  // in this chunk: `eager` makes no request), decoding the payload and hydrating after that.
  await nextTask();
  const [{ Router }, { pendingNavigationTarget }, { adoptRenderedState }] = await Promise.all([
    import(/* webpackMode: "eager" */ '../browser/router.tsx'),
    import(/* webpackMode: "eager" */ '../browser/navigation.ts'),
    import(/* webpackMode: "eager" */ '../browser/rendered-state.ts'),
    import(/* webpackMode: "eager" */ './layout-client-components.ts'),
  ]);
  adoptRenderedState();
  await nextTask();
  const initial = createFromReadableStream<RscPayload>(readInlinedPayload());
  const { buildId } = await initial;
  startTransition(() => {
    hydrateRoot(document, <Router initial={initial} buildId={buildId} />, {
      // A navigation whose page fails to render is loaded in full instead; the server renders its
      // error page. Without a navigation under way there is nothing better to load.
      onUncaughtError(error) {
        const target = pendingNavigationTarget();
        if (isChunkLoadError(error) && reloadAfterChunkError(target ?? window.location.href)) return;
        if (target) window.location.assign(target);
        else console.error(error);
      },
    });
  });
};

void hydrate();
