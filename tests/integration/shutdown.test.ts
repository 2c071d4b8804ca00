import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, startSite } from '../helpers/site.ts';
import type { RunningSite } from '../helpers/site.ts';

// How the server process ends, whatever happens to the reader of its log (its standard output, a pipe
// here as under a container runtime or a log shipper) and whatever happens during the shutdown. Each test
// ends its own process. Durations are settings; the tests wait for the exit up to a deadline far beyond
// the shutdown's own limits, and the exit code tells which way it ended.

const SHUTTING_DOWN = 'shutting down: not ready any more, still accepting while load balancers notice';
/** Far beyond every limit a test sets: reached only by a process that would never end. */
const EXIT_DEADLINE_MS = 60_000;

/** The message of each JSON line the process has written so far. */
const messages = (site: RunningSite): string[] =>
  site.logs.filter((line) => line.startsWith('{')).map((line) => (JSON.parse(line) as { msg: string }).msg);

const lastLine = (site: RunningSite) =>
  JSON.parse(site.logs.filter((line) => line.startsWith('{')).at(-1)!) as Record<string, unknown>;

/** The exit code, or the signal that ended the process, or `still running` at the deadline. */
const endOf = (site: RunningSite, deadlineMs = EXIT_DEADLINE_MS) =>
  new Promise<number | string>((resolve) => {
    const timer = setTimeout(() => resolve('still running'), deadlineMs);
    void site.exited.then((code) => {
      clearTimeout(timer);
      resolve(code ?? site.child.signalCode ?? 'unknown');
    });
  });

/**
 * Fills the pipe of a reader that has paused: 40 log lines of about 45 KB each (a refused URL, logged
 * with the client's User-Agent), some 1.8 MB, far more than the pipe and the reader's own buffer hold.
 */
const outgrowThePipe = (site: RunningSite) =>
  Promise.all(
    Array.from({ length: 40 }, async (_, index) => {
      const response = await fetch(`${site.url}/${String(index).padEnd(17_000, 'a')}`, {
        headers: { 'User-Agent': 'b'.repeat(28_000) },
      });
      await response.arrayBuffer();
      expect(response.status).toBe(414);
    }),
  );

const refusesConnections = async (site: RunningSite) =>
  fetch(`${site.url}/healthz`).then(
    () => false,
    () => true,
  );

/** Signals a site whose log reader has paused behind a full pipe, and waits until it stops listening. */
const signalBehindAFullPipe = async (site: RunningSite, signal: NodeJS.Signals) => {
  site.child.stdout!.pause();
  await outgrowThePipe(site);
  site.child.kill(signal);
  await expect.poll(() => refusesConnections(site), { interval: 20 }).toBe(true);
};

const pipedSite = (env: Record<string, string>) => startSite(env, ROOT, 'server/main.ts', 'pipe');

const faultOnSigterm = (fault: 'throw' | 'block') => ({
  NODE_OPTIONS: `--import ${path.join(ROOT, 'tests/helpers/fault-on-sigterm.ts')}`,
  SIGTERM_FAULT: fault,
});

describe('the log reader at the exit', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'a reader that is behind at %s still gets every line, `stopped` last, and the exit code is 0',
    async (signal) => {
      const site = await pipedSite({ LOG_FLUSH_TIMEOUT_MS: String(EXIT_DEADLINE_MS) });
      try {
        await signalBehindAFullPipe(site, signal);
        // The process has closed its server and waits for its last lines to leave: read them now.
        site.child.stdout!.resume();
        expect(await endOf(site)).toBe(0);
        const said = messages(site);
        expect(site.logs.filter((line) => line.includes(`"statusCode":414`))).toHaveLength(40);
        expect(said.slice(said.indexOf(SHUTTING_DOWN))).toEqual([
          SHUTTING_DOWN,
          'shutting down: no new connections, waiting for in-flight responses',
          'all responses finished, exiting',
          'stopped',
        ]);
        expect(lastLine(site)).toMatchObject({ msg: 'stopped', exitCode: 0, level: 'info' });
      } finally {
        await site.stop('SIGKILL');
      }
    },
    90_000,
  );

  it('a reader that stops reading holds the exit for LOG_FLUSH_TIMEOUT_MS at most', async () => {
    const site = await pipedSite({ LOG_FLUSH_TIMEOUT_MS: '1000' });
    try {
      await signalBehindAFullPipe(site, 'SIGTERM');
      // Never read again: the last lines are lost, the exit is not.
      expect(await endOf(site)).toBe(0);
    } finally {
      await site.stop('SIGKILL');
    }
  }, 90_000);

  it('a reader that goes away (EPIPE) does not hold the exit at all', async () => {
    // A flush limit no test waits out: only noticing that nothing can read any more ends it in time.
    const site = await pipedSite({ LOG_FLUSH_TIMEOUT_MS: String(10 * EXIT_DEADLINE_MS) });
    try {
      await signalBehindAFullPipe(site, 'SIGTERM');
      site.child.stdout!.destroy();
      expect(await endOf(site)).toBe(0);
    } finally {
      await site.stop('SIGKILL');
    }
  }, 90_000);
});

describe('signals and faults during the shutdown', () => {
  it('a SIGTERM sent on the `listening on` line finds the drain in place', async () => {
    const site = await startSite({
      NODE_OPTIONS: `--import ${path.join(ROOT, 'tests/helpers/sigterm-on-ready-line.ts')}`,
    });
    try {
      expect(await endOf(site)).toBe(0);
      expect(messages(site).slice(-2)).toEqual(['all responses finished, exiting', 'stopped']);
    } finally {
      await site.stop('SIGKILL');
    }
  }, 90_000);

  it('SIGTERM again is logged and the drain goes on; SIGINT then stops at once with 130', async () => {
    // A drain that only a signal ends.
    const site = await startSite({ DRAIN_DELAY_MS: String(10 * EXIT_DEADLINE_MS) });
    try {
      site.child.kill('SIGTERM');
      await expect.poll(() => messages(site)).toContain(SHUTTING_DOWN);
      site.child.kill('SIGTERM');
      await expect.poll(() => messages(site)).toContain('SIGTERM again: the shutdown goes on');
      // Still draining: answering, and not ready.
      expect((await fetch(`${site.url}/readyz`)).status).toBe(503);
      site.child.kill('SIGINT');
      expect(await endOf(site)).toBe(130);
      expect(messages(site).slice(-2)).toEqual(['SIGINT during the shutdown: stopping at once', 'stopped']);
      expect(lastLine(site)).toMatchObject({ exitCode: 130 });
    } finally {
      await site.stop('SIGKILL');
    }
  }, 90_000);

  it('an uncaught exception during the drain is logged and ends the process with 1', async () => {
    const site = await startSite({ DRAIN_DELAY_MS: String(10 * EXIT_DEADLINE_MS), ...faultOnSigterm('throw') });
    try {
      site.child.kill('SIGTERM');
      expect(await endOf(site)).toBe(1);
      const lines = site.logs.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as object);
      expect(lines.slice(-2)).toMatchObject([
        { level: 'fatal', msg: 'uncaught exception: stopping', err: { message: 'a defect met during the shutdown' } },
        { level: 'info', msg: 'stopped', exitCode: 1 },
      ]);
    } finally {
      await site.stop('SIGKILL');
    }
  }, 90_000);

  it('a main thread stuck during the shutdown is killed when the shutdown has outlasted its limits', async () => {
    const site = await startSite({
      SHUTDOWN_TIMEOUT_MS: '1000',
      LOG_FLUSH_TIMEOUT_MS: '1000',
      ...faultOnSigterm('block'),
    });
    try {
      site.child.kill('SIGTERM');
      expect(await endOf(site)).toBe('SIGKILL');
      // Announced when the shutdown began: drain (0) + in-flight responses + log + a 2 s margin.
      expect(site.logs.find((line) => line.includes(SHUTTING_DOWN))).toContain('"killAfterMs":4000');
    } finally {
      await site.stop('SIGKILL');
    }
  }, 90_000);
});
