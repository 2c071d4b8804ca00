import type { Readable } from 'node:stream';
import { use } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import type { PipeableStream } from 'react-dom/server';
import { createFromNodeStream } from 'react-server-dom-webpack/client.node';
import type { RscPayload } from '../common/payload.ts';
import type { HtmlRender, SsrModule } from '../common/contract.ts';
import { injectRscPayload } from './inject-rsc-payload.ts';
import { teeUnbounded } from './tee.ts';

// Entry of the SSR bundle: renders a Flight stream to HTML and inlines the same payload for hydration.

export const createHtmlRenderer: SsrModule['createHtmlRenderer'] = ({
  serverConsumerManifest,
  build,
  inOrderWaitMs,
  log,
}) => ({
  render(flight, { nonce }): HtmlRender {
    const [forHtml, forInline] = teeUnbounded(flight);

    // The payload is decoded inside the render, so that React sees the client chunks each client
    // component needs and writes their <script async> tags early.
    let payload: PromiseLike<RscPayload> | undefined;
    const SsrRoot = () => {
      payload ??= createFromNodeStream<RscPayload>(forHtml, serverConsumerManifest);
      return use(payload).root;
    };

    // A page whose every part is ready within `inOrderWaitMs` of its shell is sent in document order,
    // whole: readable without JavaScript and without React's inline scripts that reveal streamed parts.
    // A slower part (a cold, slow CMS) streams in after the shell instead.
    let stream: PipeableStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const html = new Promise<Readable>((resolve, reject) => {
      let sent = false;
      const send = () => {
        clearTimeout(timer);
        if (sent) return;
        sent = true;
        resolve(stream!.pipe(injectRscPayload(forInline)));
      };
      stream = renderToPipeableStream(<SsrRoot />, {
        bootstrapScripts: build.scripts,
        nonce,
        // A part that is ready goes in its place however large: when to stream is decided by time.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        onShellReady() {
          timer = setTimeout(send, inOrderWaitMs);
        },
        onAllReady: send,
        onShellError(error) {
          clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
        onError(error) {
          log.warn({ err: error }, 'HTML render error');
        },
      });
    });
    return { html, abort: (reason) => stream?.abort(reason) };
  },
});
