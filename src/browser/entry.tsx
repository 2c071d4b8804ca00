import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createFromReadableStream } from 'react-server-dom-webpack/client';
import type { RscPayload } from '../payload.ts';
import { readInlinedPayload } from './inlined-payload.ts';
import { isChunkLoadError, reloadAfterChunkError } from './chunk-reload.ts';
import { pendingNavigationTarget } from './navigation.ts';
import { Router } from './router.tsx';

// The browser entry: hydrates the document from the payload inlined in the HTML (no second request).

const initial = createFromReadableStream<RscPayload>(readInlinedPayload());

void Promise.resolve(initial).then(({ buildId }) => {
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
});
