import type { Readable } from 'node:stream';
import { use } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import type { PipeableStream } from 'react-dom/server';
import { createFromNodeStream } from 'react-server-dom-webpack/client.node';
import type { RscPayload } from '../../src/payload.ts';
import type { HtmlRender, SsrModule } from './contract.ts';
import { injectRscPayload } from './inject-rsc-payload.ts';
import { teeUnbounded } from './tee.ts';

// Entry of the SSR bundle: renders a Flight stream to HTML and inlines the same payload for hydration.

export const createHtmlRenderer: SsrModule['createHtmlRenderer'] = ({ serverConsumerManifest, build, log }) => ({
  render(flight): HtmlRender {
    const [forHtml, forInline] = teeUnbounded(flight);

    // The payload is decoded inside the render, so that React sees the client chunks each client
    // component needs and writes their <script async> tags early.
    let payload: PromiseLike<RscPayload> | undefined;
    const SsrRoot = () => {
      payload ??= createFromNodeStream<RscPayload>(forHtml, serverConsumerManifest);
      return use(payload).root;
    };

    let stream: PipeableStream | undefined;
    const html = new Promise<Readable>((resolve, reject) => {
      stream = renderToPipeableStream(<SsrRoot />, {
        bootstrapScripts: build.scripts,
        onShellReady() {
          resolve(stream!.pipe(injectRscPayload(forInline)));
        },
        onShellError: reject,
        onError(error) {
          log.warn({ err: error }, 'HTML render error');
        },
      });
    });
    return { html, abort: (reason) => stream?.abort(reason) };
  },
});
