import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { BROWSER_USER_AGENT, startSite } from '../helpers/site.ts';

// SIGTERM while 32 connections load the site: /readyz turns 503 once the signal is handled, while the
// server still accepts for the drain delay, then it stops accepting, every accepted request completes, and
// it exits 0. The load plays the traffic a load balancer keeps sending while it notices: it goes on until
// every connection has had a request answered that it sent after the signal, then sends nothing new. The
// test's own probe of /readyz is on a connection of its own. The test asserts the order of these events,
// never how long they took: the drain delay only has to be far longer than one round of requests (ten
// times over, on a busy machine).

const CONNECTIONS = 32;
const DRAIN_DELAY_MS = 3000;
const PAGES = ['/', '/over-ons', '/actualiteiten', '/en', '/agenda', '/api/architects?searchTerm=de'];

interface Outcome {
  status?: number;
  error?: string;
  /** Whether the request was sent after the signal. */
  afterSignal: boolean;
}

const request = (agent: http.Agent, url: string, afterSignal: boolean) =>
  new Promise<Outcome>((resolve) => {
    http
      .get(url, { agent, headers: { 'User-Agent': BROWSER_USER_AGENT, Cookie: 'i18n_redirected=nl' } }, (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode!, afterSignal }));
        response.on('error', (error) =>
          resolve({ error: (error as NodeJS.ErrnoException).code ?? error.message, afterSignal }),
        );
      })
      .on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message, afterSignal }));
  });

describe('draining on SIGTERM under load', () => {
  it('turns unready at once, keeps accepting for the delay, finishes every accepted request and exits 0', async () => {
    const site = await startSite({
      DRAIN_DELAY_MS: String(DRAIN_DELAY_MS),
      SHUTDOWN_TIMEOUT_MS: '10000',
      RATE_LIMIT_ARCHITECTS_PER_MINUTE: '0',
    });
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
    try {
      const events: string[] = [];
      void site.exited.then(() => events.push('exited'));
      const outcomes: Outcome[] = [];
      let signalled = false;
      let routing = true;
      // Each connection's first answer to a request sent after the signal.
      const answeredAfterSignal = new Set<number>();
      let warmedUp: () => void = () => {};
      const warm = new Promise<void>((resolve) => (warmedUp = resolve));
      const worker = async (index: number) => {
        for (let round = 0; routing; round += 1) {
          const outcome = await request(agent, site.url + PAGES[(index + round) % PAGES.length]!, signalled);
          outcomes.push(outcome);
          if (outcome.afterSignal) answeredAfterSignal.add(index);
          if (outcomes.length >= CONNECTIONS * 2) warmedUp();
          if (answeredAfterSignal.size === CONNECTIONS) routing = false;
        }
      };
      const load = Promise.all(Array.from({ length: CONNECTIONS }, (_, index) => worker(index)));

      await warm;
      site.child.kill('SIGTERM');
      signalled = true;
      // Not ready as soon as the server has handled the signal, which it does between two of its I/O
      // callbacks: a probe already read in the same turn may still hear 200. Each probe on a connection of
      // its own, so that the load's sockets do not queue it; well within the drain delay.
      await expect
        .poll(async () => (await request(new http.Agent(), `${site.url}/readyz`, true)).status, {
          interval: 10,
          timeout: DRAIN_DELAY_MS / 3,
        })
        .toBe(503);
      events.push('unready');
      // Still accepting new connections during the delay, and answering them before the exit.
      const during = await request(new http.Agent(), `${site.url}/over-ons`, true);
      events.push('answered during the drain');
      expect(during.status).toBe(200);

      await load;
      expect(await site.exited).toBe(0);
      expect(events).toEqual(['unready', 'answered during the drain', 'exited']);
      expect(outcomes.filter((outcome) => outcome.error !== undefined || outcome.status !== 200)).toEqual([]);
      expect(outcomes.filter((outcome) => outcome.afterSignal).length).toBeGreaterThanOrEqual(CONNECTIONS);
      // Once the delay is over, nothing is accepted any more.
      expect((await request(new http.Agent(), `${site.url}/over-ons`, true)).error).toBe('ECONNREFUSED');
    } finally {
      agent.destroy();
      await site.stop('SIGKILL');
    }
  });
});
