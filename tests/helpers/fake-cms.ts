import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { TOO_MANY_ATTEMPTS } from './cms-throttle.ts';
import type { Throttle } from './cms-throttle.ts';
import { createThrottle } from '../../sample-cms/http/throttle.ts';

// A Statamic-compatible stand-in whose every answer a test decides, recording what it was asked.

export interface RecordedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
}

export type Answer =
  | { status: number; body?: unknown; delayMs?: number; headers?: Record<string, string> }
  | { raw: string; status?: number }
  | { resetMidBody: true };

export interface FakeCms {
  url: string;
  apiUrl: string;
  requests: RecordedRequest[];
  /** Decides the answer to each request; the default answers every list with one item. */
  answer: (request: RecordedRequest, attempt: number) => Answer;
  /** When set, a rate limit in front of `answer`, as Statamic's (cms-throttle.ts). */
  throttle: Throttle | null;
  /** Forgets the requests and attempts so far. */
  reset(): void;
  close(): Promise<void>;
}

export const list = (data: unknown[], lastPage = 1) => ({
  status: 200,
  body: { data, meta: { current_page: 1, last_page: lastPage, total: data.length } },
});

/** The page list with only a home page, whose one text block has `heading`. */
export const homeOnly = (heading: string) =>
  list([
    {
      id: 'home-1',
      title: 'Home',
      slug: 'home',
      url: '/',
      components: [{ id: 'c1', type: 'text', heading, text: '<p>Tekst</p>' }],
    },
  ]);

/**
 * Laravel's `ThrottleRequests` in front of `answer`, as on Statamic's API routes: the sample CMS's throttle
 * (sample-cms/http/throttle.ts) on a stopped clock, so that its window never ends within a test and its
 * `Retry-After` is the window's whole length, `retryAfterSeconds`: a setting rather than a clock. Within
 * `limit` the answer carries `X-RateLimit-Limit` and `-Remaining`; past it, 429 with Laravel's message.
 */
export const laravelThrottle = (
  answer: FakeCms['answer'],
  { limit, retryAfterSeconds = 60 }: { limit: number; retryAfterSeconds?: number },
): FakeCms['answer'] => {
  const stopped = new Date();
  const throttle = createThrottle({ limit, windowSeconds: retryAfterSeconds }, () => stopped);
  return (request, attempt) => {
    // One client: the fake answers the program under test alone.
    const taken = throttle.take('client');
    if ('refused' in taken) {
      const { status, headers, body } = taken.refused;
      return { status, headers, body: JSON.parse(body.toString()) as unknown };
    }
    const answered = answer(request, attempt);
    if (!('status' in answered) || 'raw' in answered) return answered;
    return { ...answered, headers: { ...answered.headers, ...taken.headers } };
  };
};

export const startFakeCms = async (): Promise<FakeCms> => {
  const attempts = new Map<string, number>();
  const fake: FakeCms = {
    url: '',
    apiUrl: '',
    requests: [],
    answer: () => list([{ id: '1', title: 'One', slug: 'one' }]),
    throttle: null,
    reset: () => {
      fake.requests.length = 0;
      attempts.clear();
    },
    close: () =>
      new Promise((resolve) => {
        // Answers held back on purpose (a hanging CMS) are dropped, not waited for.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = http.createServer((req, res) => {
    const request: RecordedRequest = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers };
    fake.requests.push(request);
    const limited = fake.throttle?.admit(request.url);
    if (limited?.refused) {
      res.writeHead(429, { 'Content-Type': 'application/json', ...limited.headers }).end(TOO_MANY_ATTEMPTS);
      return;
    }
    const attempt = (attempts.get(request.url) ?? 0) + 1;
    attempts.set(request.url, attempt);
    const answer = fake.answer(request, attempt);
    if ('resetMidBody' in answer) {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '1000' });
      res.write('{"data": [');
      setTimeout(() => res.socket?.destroy(), 5);
      return;
    }
    if ('raw' in answer) {
      res.writeHead(answer.status ?? 200, { 'Content-Type': 'application/json' }).end(answer.raw);
      return;
    }
    const send = () =>
      res
        .writeHead(answer.status, { 'Content-Type': 'application/json', ...limited?.headers, ...answer.headers })
        .end(JSON.stringify(answer.body ?? {}));
    if (answer.delayMs) setTimeout(send, answer.delayMs);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.keepAliveTimeout = 1;
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.apiUrl = `${fake.url}/api`;
  return fake;
};
