import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentService } from '../../sample-cms/service.ts';
import { API_KEY, start } from './helpers.ts';

// The API throttle as Laravel's `throttle:api` in the `api` group applies it to Statamic's REST API:
// a fixed window per client address from its first request, the headers on every answer of the API,
// 429 "Too Many Attempts." with Retry-After once the window's requests are spent; the Glide, asset,
// form and register routes are outside the group. The service's clock is the test's.

const LIMIT = 3;
const WINDOW_S = 60;
let nowMs = Date.parse('2026-12-06T12:00:00.400Z');
let service: ContentService;

beforeAll(async () => {
  service = await start({
    apiThrottle: { limit: LIMIT, windowSeconds: WINDOW_S },
    now: () => new Date(nowMs),
    registerApiKey: 'throttle-register-key',
  });
});
afterAll(async () => {
  await service?.close();
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A GET from a given loopback address: Laravel keys a guest's window by `$request->ip()`. */
const getFrom = (from: string, path: string, headers: Record<string, string> = { 'X-Api-Key': API_KEY }) =>
  new Promise<Answer>((resolve, reject) => {
    request(`${service.url}${path}`, { headers, localAddress: from, agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }));
    })
      .on('error', reject)
      .end();
  });

const limits = ({ headers }: Answer) => ({
  limit: headers['x-ratelimit-limit'],
  remaining: headers['x-ratelimit-remaining'],
  retryAfter: headers['retry-after'],
  reset: headers['x-ratelimit-reset'],
});

const seconds = () => Math.floor(nowMs / 1000);

describe('the API throttle', () => {
  it('counts every API answer of a client, 404 and 422 too, then refuses with 429 until its window ends', async () => {
    const client = '127.0.0.2';
    const start = seconds();
    const answers = [
      await getFrom(client, '/api/globals'),
      await getFrom(client, '/api/collections/nope/entries'),
      await getFrom(client, '/api/collections/pages/entries?filter[status]=draft'),
    ];
    expect(answers.map(({ status }) => status)).toEqual([200, 404, 422]);
    expect(answers.map(limits)).toEqual(
      ['2', '1', '0'].map((remaining) => ({ limit: '3', remaining, retryAfter: undefined, reset: undefined })),
    );

    const refused = await getFrom(client, '/api/globals');
    expect(refused.status).toBe(429);
    expect(refused.headers['content-type']).toBe('application/json');
    expect(JSON.parse(refused.body)).toEqual({ message: 'Too Many Attempts.' });
    expect(limits(refused)).toEqual({ limit: '3', remaining: '0', retryAfter: '60', reset: String(start + WINDOW_S) });

    // Retry-After counts down to the window's end; a refused request does not move it.
    nowMs += 25_000;
    expect(limits(await getFrom(client, '/api/globals'))).toMatchObject({
      retryAfter: '35',
      reset: String(start + 60),
    });
    nowMs += 34_000;
    expect(limits(await getFrom(client, '/api/globals'))).toMatchObject({ retryAfter: '1', reset: String(start + 60) });

    // At its end a new window opens with this request.
    nowMs += 1000;
    const again = await getFrom(client, '/api/globals');
    expect(again.status).toBe(200);
    expect(limits(again)).toMatchObject({ limit: '3', remaining: '2' });
  });

  it('keeps a window per client address', async () => {
    for (let call = 0; call < LIMIT; call += 1) await getFrom('127.0.0.3', '/api/globals');
    expect((await getFrom('127.0.0.3', '/api/globals')).status).toBe(429);
    const other = await getFrom('127.0.0.4', '/api/globals');
    expect(other.status).toBe(200);
    expect(limits(other)).toMatchObject({ remaining: '2' });
  });

  it('leaves out what is not in the api group: Glide, assets, the form route, the register, a request without the key', async () => {
    const client = '127.0.0.5';
    for (const path of ['/img/images/hero/home.jpg?w=40', '/assets/images/hero/home.jpg', '/healthz']) {
      const answer = await getFrom(client, path);
      expect(answer.status, path).toBe(200);
      expect(answer.headers['x-ratelimit-limit'], path).toBeUndefined();
    }
    const register = await getFrom(client, '/register/architects?q=de', {
      Authorization: 'Bearer throttle-register-key',
    });
    expect(register.headers['x-ratelimit-limit']).toBeUndefined();
    const form = await fetch(`${service.url}/!/forms/title_misuse`, {
      method: 'POST',
      headers: { 'X-Api-Key': API_KEY, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: '{}',
    });
    expect(form.status).toBe(422);
    expect(form.headers.get('x-ratelimit-limit')).toBeNull();
    // Statamic 6 checks the API's token outside the group: a refused key costs nothing.
    const unauthenticated = await getFrom(client, '/api/globals', {});
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.headers['x-ratelimit-limit']).toBeUndefined();
    expect(limits(await getFrom(client, '/api/globals'))).toMatchObject({ remaining: '2' });
  });
});
