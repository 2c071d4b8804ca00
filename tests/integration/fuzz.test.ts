import { connect } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, startSite } from '../helpers/site.ts';
import type { RunningSite } from '../helpers/site.ts';

// 10,000 generated requests, sent byte for byte over raw sockets (a client library would clean them
// up): malformed and hostile paths, query strings and headers, within HTTP's grammar (what is outside
// it, Node's parser refuses before the site sees it). Every answer must be a deliberate 2xx, 3xx or
// 4xx; the process stays up; no HTML answer carries the hostile marker unescaped.

const RUNS = 10_000;
const CONCURRENCY = 16;
/** Markup that must never reach an HTML answer as markup. */
const MARKER = '<fz-x>';

let site: RunningSite;
let port: number;
beforeAll(async () => {
  site = await startSite({ RATE_LIMIT_ARCHITECTS_PER_MINUTE: '0', RATE_LIMIT_SEARCH_PER_MINUTE: '0' });
  port = Number(new URL(site.url).port);
});
afterAll(async () => {
  await site.stop();
});

/** As a client may send it: printable ASCII as it is (even where it should be escaped), the rest percent-encoded. */
const raw = (text: string) =>
  [...text].map((char) => (/^[\x21-\x7e]$/.test(char) && char !== '#' ? char : encodeURIComponent(char))).join('');

const segment = fc.oneof(
  fc.constantFrom(
    'over-ons',
    'en',
    'actualiteiten',
    'zoeken',
    'vind-een-architect',
    'cms-preview',
    'pages',
    'api',
    'architects',
    'search',
    'assets',
    'cms',
    '_build',
    'sitemap.xml',
  ),
  fc.constantFrom(
    '..',
    '.',
    '%2e%2e',
    '%2F',
    '%',
    '%zz',
    '%E0%A4%A',
    '%00',
    '%C0%AF',
    '%FF',
    ';',
    '%3Cfz-x%3E',
    MARKER,
    '"><fz-x>',
    "'",
    '\\',
    '~',
    '*',
  ),
  fc.string({ unit: 'grapheme', maxLength: 20 }).map((text) => encodeURIComponent(text)),
  fc.string({ unit: 'grapheme', maxLength: 12 }).map(raw),
  fc.string({ minLength: 200, maxLength: 2000, unit: fc.constantFrom('a', '%C3%A9', '%41', '-') }),
);

const path = fc.array(segment, { minLength: 1, maxLength: 10 }).map((segments) => `/${segments.join('/')}`);

const queryValue = fc.oneof(
  fc.string({ maxLength: 30 }).map(raw),
  fc.constantFrom('', MARKER, '%', '%zz', '-1', '0', '99999999999999999999', 'NaN', 'true', 'architect', 'nieuws'),
  fc.string({ minLength: 5000, maxLength: 15_000, unit: fc.constantFrom('a', 'b', '%20') }),
);
const queryKey = fc.oneof(
  fc.constantFrom(
    'q',
    'type',
    'page',
    'perPage',
    'searchTerm',
    'title',
    'place',
    'search',
    'discipline',
    '_rsc',
    'token',
    'locale',
    'a[b]',
    'a[]',
    'a[b][c]',
    '__proto__',
    'constructor',
  ),
  fc.string({ maxLength: 10 }).map(raw),
);
const query = fc.option(
  fc
    .array(fc.tuple(queryKey, queryValue), { maxLength: 12 })
    .map((pairs) => `?${pairs.map(([key, value]) => `${key}=${value}`).join('&')}`),
  { nil: '' },
);

const headerValue = fc.oneof(
  fc.string({ maxLength: 40, unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)) }),
  fc.constantFrom(MARKER, '', '*', 'nl', 'en', 'xx', ';;;'),
);
const headers = fc.record(
  {
    'Accept-Language': headerValue,
    Cookie: fc.oneof(
      headerValue,
      fc.constantFrom(
        'i18n_redirected=en',
        'i18n_redirected=nl',
        'i18n_redirected=<fz-x>',
        'i18n_redirected=%',
        'a=b; i18n_redirected=',
      ),
    ),
    'User-Agent': fc.oneof(headerValue, fc.constantFrom('Googlebot/2.1', 'Mozilla/5.0 Chrome/156.0')),
    'If-None-Match': fc.oneof(headerValue, fc.constantFrom('*', '"x"', 'W/"y"')),
    Accept: fc.oneof(headerValue, fc.constantFrom('text/x-component', 'application/json', 'text/html')),
  },
  { requiredKeys: [] },
);

interface Sent {
  target: string;
  headers: Record<string, string>;
}

/** Node's bound on a request head: beyond it the server answers 431 and closes while the client still writes. */
const MAX_HEAD_BYTES = 64 * 1024;

/**
 * One request as raw bytes on a new connection; its status line, content type and body. A connection
 * reset before any answer is status 0.
 */
const send = ({ target, headers: extra }: Sent) =>
  new Promise<{ status: number; contentType: string; body: string; bytes: number }>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const head = Object.entries(extra)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    const request = Buffer.from(
      `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${head}Connection: close\r\n\r\n`,
      'utf8',
    );
    // Written without closing our side, as browsers do: the server closes after its answer (Connection: close).
    socket.on('connect', () => socket.write(request));
    socket.on('data', (chunk) => chunks.push(chunk));
    // A reset after the answer (the server closed while the rest of a refused request was in flight).
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [statusLine = '', ...rest] = text.split('\r\n');
      const headerEnd = text.indexOf('\r\n\r\n');
      const contentType = /\r\ncontent-type: ([^\r]*)/i.exec(text.slice(0, headerEnd))?.[1] ?? '';
      resolve({
        status: Number(statusLine.split(' ')[1] ?? 0),
        contentType,
        body: rest.length > 0 ? text.slice(headerEnd + 4) : '',
        bytes: request.length,
      });
    });
  });

describe(`${RUNS} generated requests`, () => {
  it(
    'each get a deliberate answer, nothing echoed as markup, and the process stays up',
    { timeout: 300_000 },
    async () => {
      const requests = fc.sample(fc.record({ target: fc.tuple(path, query).map(([p, q]) => p + q), headers }), {
        numRuns: RUNS,
        seed: 20261123,
      });
      const failures: string[] = [];
      const statuses = new Map<number, number>();
      let next = 0;
      const worker = async () => {
        while (next < requests.length) {
          const request = requests[next++]!;
          const answer = await send(request);
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          const refusedWhole = answer.status === 0 && answer.bytes > MAX_HEAD_BYTES;
          if (!refusedWhole && (answer.status < 200 || answer.status >= 500))
            failures.push(`${answer.status} for ${request.target.slice(0, 200)}`);
          if (answer.contentType.startsWith('text/html') && answer.body.includes('<fz-x'))
            failures.push(`markup echoed for ${request.target.slice(0, 200)}`);
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      expect(failures.slice(0, 20)).toEqual([]);
      expect([...statuses.values()].reduce((sum, count) => sum + count, 0)).toBe(RUNS);
      // A spread of answers, not one refusal for everything.
      expect(statuses.get(404) ?? 0).toBeGreaterThan(100);
      expect([...statuses.keys()].some((status) => status < 400)).toBe(true);
      expect(site.child.exitCode).toBeNull();
      expect((await get(`${site.url}/healthz`)).status).toBe(200);
    },
  );
});

describe('paths that URL parsing reads as another host', () => {
  it('answer 404 with links on this site', async () => {
    for (const target of ['/\\', '/\\?', '//evil.example/x', '/\\evil.example']) {
      const answer = await send({ target, headers: { Cookie: 'i18n_redirected=nl' } });
      expect(answer.status, target).toBe(404);
      expect(answer.body, target).not.toContain('href="http://evil.example');
      expect(answer.body, target).not.toContain('href="https://evil.example');
    }
  });
});
