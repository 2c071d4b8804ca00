import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { TOO_MANY_ATTEMPTS } from './cms-throttle.ts';
import type { Throttle } from './cms-throttle.ts';

// A proxy in front of a Statamic-compatible server that records every request (with when it started
// and ended), and can add latency, stop answering or keep a rate limit as Statamic's: the site sees
// "another CMS".

export interface ProxiedRequest {
  url: string;
  headers: http.IncomingHttpHeaders;
  startedAt: number;
  endedAt: number | null;
  /** The CMS's status, once it answered. */
  status: number | null;
  /** The CMS's `Retry-After`, when its answer had one. */
  retryAfter: string | null;
}

export interface CmsProxy {
  url: string;
  apiUrl: string;
  requests: ProxiedRequest[];
  latencyMs: number;
  /** Requests whose URL matches wait this long instead. */
  slower: { match: RegExp; latencyMs: number } | null;
  /** While true, every request gets its connection destroyed, as if the CMS were down. */
  down: boolean;
  /** When set, a rate limit in front of the CMS, as Statamic's (cms-throttle.ts). */
  throttle: Throttle | null;
  /**
   * Requests whose URL matches are answered with this status by the proxy (after `latencyMs`, when
   * given: an overloaded CMS), never forwarded (a route down).
   */
  failing: { match: RegExp; status: number; latencyMs?: number } | null;
  /**
   * From now on requests (those whose URL matches `match`, when given) wait, unanswered, until the
   * returned function lets them and the later ones through.
   */
  hold(match?: RegExp): () => void;
  close(): Promise<void>;
}

export const startCmsProxy = async (target: string): Promise<CmsProxy> => {
  let held: Array<() => void> | null = null;
  let holding: RegExp | undefined;
  const proxy: CmsProxy = {
    url: '',
    apiUrl: '',
    requests: [],
    latencyMs: 0,
    slower: null,
    down: false,
    throttle: null,
    failing: null,
    hold: (match) => {
      held ??= [];
      holding = match;
      return () => {
        const waiting = held ?? [];
        held = null;
        for (const forward of waiting) forward();
      };
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = http.createServer((req, res) => {
    const record: ProxiedRequest = {
      url: req.url ?? '/',
      headers: req.headers,
      startedAt: performance.now(),
      endedAt: null,
      status: null,
      retryAfter: null,
    };
    proxy.requests.push(record);
    if (proxy.down) {
      req.socket.destroy();
      return;
    }
    const limited = proxy.throttle?.admit(record.url);
    if (limited?.refused) {
      record.endedAt = performance.now();
      res.writeHead(429, { 'Content-Type': 'application/json', ...limited.headers }).end(TOO_MANY_ATTEMPTS);
      return;
    }
    const failing = proxy.failing;
    if (failing?.match.test(record.url)) {
      setTimeout(() => {
        res.writeHead(failing.status, { 'Content-Type': 'application/json' }).end('{"message":"Failing."}');
        record.endedAt = performance.now();
      }, failing.latencyMs ?? 0);
      return;
    }
    let clientGone = false;
    res.on('close', () => {
      clientGone = !res.writableFinished;
    });
    const forward = () =>
      setTimeout(
        () => {
          // A client that went away while its request waited here never reached the CMS.
          if (clientGone) {
            record.endedAt = performance.now();
            return;
          }
          const upstream = http.request(target + record.url, { headers: req.headers, method: req.method }, (answer) => {
            record.status = answer.statusCode ?? 502;
            record.retryAfter =
              typeof answer.headers['retry-after'] === 'string' ? answer.headers['retry-after'] : null;
            res.writeHead(record.status, { ...answer.headers, ...limited?.headers });
            answer.pipe(res);
            answer.on('end', () => {
              record.endedAt = performance.now();
            });
          });
          upstream.on('error', () => res.destroy());
          // A form post's body goes along (read while held back, it waits in the request).
          req.pipe(upstream);
        },
        proxy.slower?.match.test(record.url) ? proxy.slower.latencyMs : proxy.latencyMs,
      );
    if (held && (!holding || holding.test(record.url))) held.push(forward);
    else forward();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.apiUrl = `${proxy.url}/api`;
  return proxy;
};

/**
 * The longest chain of requests that waited for one another: 1 when all ran in parallel, 2 when some
 * started only after others had answered, and so on.
 */
export const sequentialRounds = (requests: readonly ProxiedRequest[]): number => {
  const depth = new Map<ProxiedRequest, number>();
  const sorted = [...requests].sort((a, b) => a.startedAt - b.startedAt);
  for (const request of sorted) {
    const before = sorted.filter((other) => other.endedAt !== null && other.endedAt <= request.startedAt);
    depth.set(request, 1 + Math.max(0, ...before.map((other) => depth.get(other) ?? 0)));
  }
  return Math.max(0, ...depth.values());
};
