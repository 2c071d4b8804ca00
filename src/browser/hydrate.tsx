import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createFromReadableStream } from 'react-server-dom-webpack/client';
import type { RscPayload } from '../payload.ts';
import { readInlinedPayload } from './inlined-payload.ts';
import './layout-client-components.ts';
import { isChunkLoadError, reloadAfterChunkError } from './chunk-reload.ts';
import { pendingNavigationTarget } from './navigation.ts';
import { Router } from './router.tsx';

// Loaded by the browser entry after the first paint: hydrates the document from the payload inlined in
// the HTML (no second request).

const hydrate = async () => {
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

// Decoding starts in a task of its own, after the one that evaluated this chunk: two shorter tasks
// instead of one long one, so that a tap during start-up is answered sooner. A message, not a timer:
// it is neither clamped nor held back by a throttled or paused clock.
const { port1, port2 } = new MessageChannel();
port1.onmessage = () => {
  port1.close();
  void hydrate();
};
port2.postMessage(null);
