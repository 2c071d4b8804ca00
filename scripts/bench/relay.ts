import { createServer, request } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';

// A relay for `npm run lighthouse`: a node:http server in front of the site that passes every request
// and response through, or, with `withoutScripts`, hands out each HTML document without the scripts it
// runs (its `<script>` elements but the JSON-LD, and the links preloading scripts). The two relays take
// turns in one run, so that a page and the very same document without JavaScript meet the same machine:
// what the scripts cost is the difference, what the document costs any browser is the rest.

// Compressed again as the site's page cache compresses a page, so that the document's transfer size,
// which Lighthouse's simulated network depends on, is the site's own.
const CODECS = {
  br: {
    decode: zlib.brotliDecompressSync,
    encode: (body: Buffer) => zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }),
  },
  gzip: { decode: zlib.gunzipSync, encode: (body: Buffer) => zlib.gzipSync(body, { level: 9 }) },
  deflate: { decode: zlib.inflateSync, encode: zlib.deflateSync },
} as const;

/** The document without what would run: scripts (JSON-LD is data, it stays) and script preloads. */
export const withoutScripts = (html: string): string =>
  html
    .replace(/<script\b(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*\brel="(?:modulepreload|preload"[^>]*\bas="script)"[^>]*>/gi, '');

const codec = (headers: IncomingHttpHeaders) => {
  const encoding = headers['content-encoding'];
  if (!encoding) return { decode: (body: Buffer) => body, encode: (body: Buffer) => body };
  const known = CODECS[encoding as keyof typeof CODECS];
  if (!known) throw new Error(`relay: cannot rewrite a body in ${encoding}`);
  return known;
};

export const startRelay = async (target: string, options: { withoutScripts: boolean }) => {
  // A page the site serves from its page cache carries an ETag: its rewrite is made once, not on every
  // run, so that rewriting adds nothing to the server response time Lighthouse measures. The rewrite
  // goes out without that ETag, which names the page as the site sent it.
  const rewritten = new Map<string, Buffer>();
  const server = createServer((incoming, outgoing) => {
    const forward = request(
      new URL(incoming.url ?? '/', target),
      { method: incoming.method, headers: { ...incoming.headers, host: new URL(target).host } },
      (response) => {
        const isHtml = /^text\/html/.test(response.headers['content-type'] ?? '');
        if (!options.withoutScripts || !isHtml) {
          outgoing.writeHead(response.statusCode ?? 502, response.headers);
          response.pipe(outgoing);
          return;
        }
        const { etag, 'content-encoding': encoding } = response.headers;
        const key = etag && `${incoming.url} ${encoding} ${etag}`;
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const { decode, encode } = codec(response.headers);
          const body =
            (key && rewritten.get(key)) ||
            encode(Buffer.from(withoutScripts(decode(Buffer.concat(chunks)).toString('utf8'))));
          if (key) rewritten.set(key, body);
          const headers = Object.entries(response.headers).filter(
            ([name]) => name !== 'transfer-encoding' && name !== 'etag',
          );
          outgoing
            .writeHead(response.statusCode ?? 502, { ...Object.fromEntries(headers), 'content-length': body.length })
            .end(body);
        });
      },
    );
    forward.on('error', (error) => outgoing.writeHead(502).end(String(error)));
    incoming.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
