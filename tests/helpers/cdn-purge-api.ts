import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

// Stand-ins of the CDN purge APIs on loopback, as their documentation describes them (server/cdn/
// cloudflare.ts and fastly.ts name the pages): each checks the method, path, headers and body of every
// request, answers a good one as the real API does, and records what it got. A request the real API would
// refuse is answered with that API's error and noted in `violations`, which a test expects to stay empty.

export interface Answer {
  status: number;
  /** Seconds, sent as Retry-After. */
  retryAfter?: number;
}

export interface PurgeRequestSeen {
  /** When it arrived, and when its answer was sent (ms since the epoch). */
  arrivedAt: number;
  answeredAt: number;
  status: number;
  keys: string[];
  /** The credential it carried (the stand-in accepts several: one per replica). */
  token: string;
}

export interface PurgeApiStandIn {
  /** What CDN_PURGE_API_URL is set to. */
  apiUrl: string;
  readonly requests: readonly PurgeRequestSeen[];
  /** Every key of the requests answered 200. */
  purgedKeys(): string[];
  /** What the real API would have refused. */
  readonly violations: readonly string[];
  /** The next requests get these answers (one each, in order) instead of a purge. */
  answerNext(...answers: Answer[]): void;
  /** Holds every answer until the function returned is called. */
  hold(): () => void;
  close(): Promise<void>;
}

interface ApiShape {
  /** The path of the base URL (`/client/v4` for Cloudflare). */
  basePath: string;
  path: string;
  maxKeys: number;
  bodyField: 'tags' | 'surrogate_keys';
  /** The token a request carries, or why its headers are wrong. */
  token(headers: IncomingHttpHeaders): string | { wrong: string };
  /** The body of an answer with `status`, for the keys of the request. */
  body(status: number, keys: readonly string[]): unknown;
}

const startStandIn = async (shape: ApiShape, tokens: readonly string[]): Promise<PurgeApiStandIn> => {
  const requests: PurgeRequestSeen[] = [];
  const violations: string[] = [];
  const scripted: Answer[] = [];
  let held: Promise<void> | null = null;

  /** Why a request breaks the documented shape, or its token and keys. */
  const check = (
    method: string | undefined,
    url: string | undefined,
    headers: IncomingHttpHeaders,
    text: string,
  ): { wrong: string; status: number } | { token: string; keys: string[] } => {
    if (method !== 'POST') return { wrong: `method ${method}`, status: 405 };
    if (url !== shape.basePath + shape.path) return { wrong: `path ${url}`, status: 404 };
    const token = shape.token(headers);
    if (typeof token !== 'string') return { wrong: token.wrong, status: 401 };
    if (!tokens.includes(token)) return { wrong: 'an unknown token', status: 403 };
    if (!/^application\/json\b/.test(headers['content-type'] ?? ''))
      return { wrong: `Content-Type ${headers['content-type']}`, status: 415 };
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return { wrong: 'a body that is not JSON', status: 400 };
    }
    const fields = typeof body === 'object' && body !== null ? Object.keys(body) : [];
    if (fields.length !== 1 || fields[0] !== shape.bodyField)
      return { wrong: `a body with fields ${JSON.stringify(fields)}`, status: 400 };
    const keys = (body as Record<string, unknown>)[shape.bodyField];
    if (!Array.isArray(keys) || keys.length === 0)
      return { wrong: `${shape.bodyField} that is not a list of keys`, status: 400 };
    if (keys.length > shape.maxKeys) return { wrong: `${keys.length} keys in one request`, status: 400 };
    if (!keys.every((key) => typeof key === 'string' && /^[^\s,]{1,1024}$/.test(key)))
      return { wrong: `a malformed key in ${JSON.stringify(keys)}`, status: 400 };
    return { token, keys: keys as string[] };
  };

  const server = createServer((req, res) => {
    const arrivedAt = Date.now();
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        await held;
        const checked = check(req.method, req.url, req.headers, Buffer.concat(chunks).toString('utf8'));
        const answer: Answer = 'wrong' in checked ? { status: checked.status } : (scripted.shift() ?? { status: 200 });
        if ('wrong' in checked) violations.push(checked.wrong);
        const keys = 'keys' in checked ? checked.keys : [];
        res.writeHead(answer.status, {
          'Content-Type': 'application/json',
          ...(answer.retryAfter === undefined ? {} : { 'Retry-After': String(answer.retryAfter) }),
        });
        res.end(JSON.stringify(shape.body(answer.status, keys)));
        requests.push({
          arrivedAt,
          answeredAt: Date.now(),
          status: answer.status,
          keys,
          token: 'token' in checked ? checked.token : '',
        });
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiUrl: `http://127.0.0.1:${port}${shape.basePath}`,
    requests,
    violations,
    purgedKeys: () => requests.filter((request) => request.status === 200).flatMap((request) => request.keys),
    answerNext: (...answers) => void scripted.push(...answers),
    hold() {
      let release = () => {};
      held = new Promise<void>((resolve) => (release = resolve));
      return () => {
        held = null;
        release();
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
};

/** Cloudflare's POST /zones/{zone_id}/purge_cache with `{"tags": [...]}` and a Bearer API token. */
export const startCloudflareStandIn = (zoneId: string, tokens: readonly string[]) =>
  startStandIn(
    {
      basePath: '/client/v4',
      path: `/zones/${zoneId}/purge_cache`,
      maxKeys: 100,
      bodyField: 'tags',
      token: (headers) =>
        /^Bearer \S+$/.test(headers.authorization ?? '')
          ? headers.authorization!.slice('Bearer '.length)
          : { wrong: `Authorization ${headers.authorization}` },
      body: (status) =>
        status === 200
          ? { success: true, errors: [], messages: [], result: { id: randomBytes(16).toString('hex') } }
          : {
              success: false,
              errors: [
                status === 429
                  ? { code: 971, message: 'Please wait and consider throttling your request speed' }
                  : { code: 10000, message: status >= 500 ? 'Internal error' : 'Authentication error' },
              ],
              messages: [],
              result: null,
            },
    },
    tokens,
  );

/** Fastly's POST /service/{service_id}/purge with `{"surrogate_keys": [...]}` and `Fastly-Key`. */
export const startFastlyStandIn = (serviceId: string, tokens: readonly string[]) =>
  startStandIn(
    {
      basePath: '',
      path: `/service/${serviceId}/purge`,
      maxKeys: 256,
      bodyField: 'surrogate_keys',
      token: (headers) => {
        if (headers.accept !== 'application/json') return { wrong: `Accept ${headers.accept}` };
        const key = headers['fastly-key'];
        return typeof key === 'string' && key ? key : { wrong: 'no Fastly-Key' };
      },
      body: (status, keys) =>
        status === 200
          ? Object.fromEntries(keys.map((key, index) => [key, `108-1391560174-${974124 + index}`]))
          : { msg: status === 429 ? 'Too many requests' : 'Internal Server Error', detail: '' },
    },
    tokens,
  );
