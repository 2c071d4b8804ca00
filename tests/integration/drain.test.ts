import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { BROWSER_USER_AGENT, startSite } from '../helpers/site.ts';

// SIGTERM while 32 connections load the site: /readyz turns 503 at once while the server still accepts
// for the drain delay, then it stops accepting, every accepted request completes, and it exits 0. The
// load plays a load balancer: it keeps sending until its probe has seen the 503 and a reaction time has
// passed (well inside the delay), then sends nothing new.

const CONNECTIONS = 32;
const DRAIN_DELAY_MS = 1000;
/** How long the load balancer takes to act on a failed probe. */
const REACTION_MS = 300;
const PAGES = ['/', '/over-ons', '/actualiteiten', '/en', '/agenda', '/api/architects?searchTerm=de'];

interface Outcome {
  status?: number;
  error?: string;
  at: number;
}

const request = (agent: http.Agent, url: string) =>
  new Promise<Outcome>((resolve) => {
    http
      .get(url, { agent, headers: { 'User-Agent': BROWSER_USER_AGENT, Cookie: 'i18n_redirected=nl' } }, (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode!, at: performance.now() }));
        response.on('error', (error) => resolve({ error: (error as NodeJS.ErrnoException).code ?? error.message, at: performance.now() }));
      })
      .on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message, at: performance.now() }));
  });

describe('draining on SIGTERM under load', () => {
  it('turns unready at once, keeps accepting for the delay, finishes every accepted request and exits 0', { timeout: 60_000 }, async () => {
    const site = await startSite({ DRAIN_DELAY_MS: String(DRAIN_DELAY_MS), SHUTDOWN_TIMEOUT_MS: '5000', RATE_LIMIT_ARCHITECTS_PER_MINUTE: '0' });
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
    const outcomes: Outcome[] = [];
    let routing = true;
    const worker = async (index: number) => {
      for (let round = 0; routing; round += 1) outcomes.push(await request(agent, site.url + PAGES[(index + round) % PAGES.length]!));
    };
    const load = Promise.all(Array.from({ length: CONNECTIONS }, (_, index) => worker(index)));

    await new Promise((resolve) => setTimeout(resolve, 500));
    const signalledAt = performance.now();
    site.child.kill('SIGTERM');
    // At once: not ready (a connection of its own, so that the load's sockets do not queue it).
    const readiness = await request(new http.Agent(), `${site.url}/readyz`);
    expect(readiness.status).toBe(503);
    setTimeout(() => (routing = false), REACTION_MS);
    // Still accepting new connections during the delay.
    const during = await request(new http.Agent(), `${site.url}/over-ons`);
    expect(during.status).toBe(200);
    expect(during.at - signalledAt).toBeLessThan(DRAIN_DELAY_MS);

    expect(await site.exited).toBe(0);
    await load;
    agent.destroy();

    const failed = outcomes.filter((outcome) => outcome.error !== undefined || outcome.status !== 200);
    expect(failed).toEqual([]);
    expect(outcomes.filter((outcome) => outcome.at > signalledAt).length).toBeGreaterThan(CONNECTIONS);
    // Once the delay is over, nothing is accepted any more.
    expect((await request(new http.Agent(), `${site.url}/over-ons`)).error).toBe('ECONNREFUSED');
  });
});
