import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback proxy in front of the site that puts an error collector into every HTML page, first in its
 * head (before any script; React skips an element it did not render there when it hydrates the document). Classic WebDriver (WebKitGTK's) has no console events and runs a script only in a document that
 * is already there, after the page's own scripts may have run (and WebKit takes a script it has loaded
 * before from its memory cache, so holding the scripts' requests does not help). The collector is a script
 * of the same origin, which the site's CSP (`script-src 'self'`) allows; it gathers window errors,
 * unhandled rejections and console.error calls in `window.__engineErrors`. Everything else passes through
 * unchanged, the Host header too (redirects stay on the proxy); only the request's Accept-Encoding is
 * dropped, so that the proxy can read the page.
 */
export interface CollectorProxy {
  url: string;
  close(): Promise<void>;
}

const COLLECTOR_PATH = '/__engine-errors.js';
const COLLECTOR = `(() => {
  const errors = (window.__engineErrors = []);
  window.addEventListener('error', (event) => errors.push(String(event.message)));
  window.addEventListener('unhandledrejection', (event) => errors.push('Unhandled rejection: ' + String(event.reason)));
  const consoleError = console.error.bind(console);
  console.error = (...args) => {
    errors.push(args.map(String).join(' '));
    consoleError(...args);
  };
})();
`;
const HEAD_TAG = /<head(?:\s[^>]*)?>/;

export const openCollectorProxy = async (siteUrl: string): Promise<CollectorProxy> => {
  const server = createServer((incoming, outgoing) => {
    if (incoming.url === COLLECTOR_PATH) {
      outgoing.writeHead(200, { 'Content-Type': 'text/javascript', 'Cache-Control': 'no-store' }).end(COLLECTOR);
      return;
    }
    const { 'accept-encoding': _encoding, ...headers } = incoming.headers;
    const upstream = request(
      new URL(incoming.url ?? '/', siteUrl),
      { method: incoming.method, headers },
      (response) => {
        const { 'content-length': _length, ...responseHeaders } = response.headers;
        if (!response.headers['content-type']?.startsWith('text/html')) {
          outgoing.writeHead(response.statusCode ?? 502, response.headers);
          response.pipe(outgoing);
          return;
        }
        outgoing.writeHead(response.statusCode ?? 502, responseHeaders);
        // The page up to its head tag, kept until that is found (a tag may straddle two chunks).
        let head: Buffer | undefined = Buffer.alloc(0);
        response.on('data', (chunk: Buffer) => {
          if (!head) return void outgoing.write(chunk);
          head = Buffer.concat([head, chunk]);
          // Latin-1 keeps one character per byte: the match's end is a byte offset.
          const found = HEAD_TAG.exec(head.toString('latin1'));
          if (!found) return;
          const end = found.index + found[0].length;
          outgoing.write(head.subarray(0, end));
          outgoing.write(`<script src="${COLLECTOR_PATH}"></script>`);
          outgoing.write(head.subarray(end));
          head = undefined;
        });
        response.on('end', () => outgoing.end(head));
      },
    );
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
};
