import { createServer, request } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';

// A relay for `npm run lighthouse`: a node:http server in front of the site that passes every request
// and response through, or, with `withoutScripts`, hands out each HTML document without the scripts it
// runs (its `<script>` elements but the JSON-LD, and the links preloading scripts). The two relays take
// turns in one run, so that a page and the very same document without JavaScript meet the same machine:
// what the scripts cost is the difference, what the document costs any browser is the rest.

const CODECS = {
  br: { decode: zlib.brotliDecompressSync, encode: zlib.brotliCompressSync },
  gzip: { decode: zlib.gunzipSync, encode: zlib.gzipSync },
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
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const { decode, encode } = codec(response.headers);
          const body = encode(Buffer.from(withoutScripts(decode(Buffer.concat(chunks)).toString('utf8'))));
          const headers = Object.entries(response.headers).filter(([name]) => name !== 'transfer-encoding');
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
