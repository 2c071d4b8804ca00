import { createServer, get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRelay } from '../../scripts/bench/relay.ts';

// The relays `LIGHTHOUSE_WITHOUT_SCRIPTS=1 npm run lighthouse` measures through, over a server that
// answers as the site does: a gzipped document with its entry, a preload, the payload and JSON-LD.

const DOCUMENT =
  '<!DOCTYPE html><html lang="nl"><head>' +
  '<link rel="stylesheet" href="/assets/styles.css"/>' +
  '<link rel="preload" as="script" fetchPriority="low" nonce="n" href="/assets/main.js"/>' +
  '<script type="application/ld+json">{"@type":"Organization"}</script>' +
  '</head><body><main><h1>Vind een architect</h1></main>' +
  '<script src="/assets/main.js" nonce="n" async=""></script>' +
  '<script type="application/x-flight">"0:{\\"root\\":[]}"</script>' +
  '<script type="application/x-flight">"1:[\\"</script\\u003e\\"]"</script>' +
  '</body></html>';
const SCRIPT = 'console.log("entry")';
/** What the upstream's page cache holds under the ETag `"v1"`: changed by a test, the ETag kept. */
let cachedHeading = 'Nieuws';

let upstream: ReturnType<typeof createServer>;
let origin: string;
beforeAll(async () => {
  upstream = createServer((request, response) => {
    if (request.url === '/assets/main.js')
      return void response.writeHead(200, { 'Content-Type': 'text/javascript' }).end(SCRIPT);
    if (request.url === '/actualiteiten')
      return void response
        .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', ETag: '"v1"' })
        .end(`<h1>${cachedHeading}</h1><script src="/assets/main.js"></script>`);
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Encoding': 'gzip' });
    response.end(gzipSync(DOCUMENT));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => upstream.close(() => resolve())));

/** A response's headers and body as they came over the wire (fetch would decode the body). */
const raw = (url: string) =>
  new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    get(url, { headers: { 'Accept-Encoding': 'gzip' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
const text = async (url: string) => (await fetch(url)).text();

describe('the Lighthouse relays', () => {
  let passing: Awaited<ReturnType<typeof startRelay>>;
  let stripping: Awaited<ReturnType<typeof startRelay>>;
  beforeAll(async () => {
    passing = await startRelay(origin, { withoutScripts: false });
    stripping = await startRelay(origin, { withoutScripts: true });
  });
  afterAll(() => Promise.all([passing.stop(), stripping.stop()]));

  it('hands out the document without what runs, JSON-LD and the rest of the page kept', async () => {
    const document = await text(`${stripping.url}/vind-een-architect`);
    expect(document).not.toMatch(/<script(?![^>]*ld\+json)/);
    expect(document).not.toContain('as="script"');
    expect(document).toContain('<script type="application/ld+json">{"@type":"Organization"}</script>');
    expect(document).toContain('<link rel="stylesheet" href="/assets/styles.css"/>');
    expect(document).toContain('<main><h1>Vind een architect</h1></main></body></html>');
    expect(await text(`${stripping.url}/assets/main.js`)).toBe(SCRIPT);
  });

  it('passes the page on as it came, compressed, with the other relay', async () => {
    const { headers, body } = await raw(`${passing.url}/`);
    expect(headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(body).toString('utf8')).toBe(DOCUMENT);
  });

  it("rewrites a page from the site's page cache once, and sends the rewrite without the page's ETag", async () => {
    const first = await fetch(`${stripping.url}/actualiteiten`);
    expect(first.headers.get('etag')).toBeNull();
    expect(await first.text()).toBe('<h1>Nieuws</h1>');
    cachedHeading = 'Nieuws, anders';
    expect(await text(`${stripping.url}/actualiteiten`)).toBe('<h1>Nieuws</h1>');
  });

  it('keeps the encoding of a document it rewrites, with its new length', async () => {
    const { headers, body } = await raw(`${stripping.url}/`);
    expect(headers['content-encoding']).toBe('gzip');
    expect(Number(headers['content-length'])).toBe(body.length);
    expect(gunzipSync(body).toString('utf8')).not.toContain('x-flight');
  });
});
