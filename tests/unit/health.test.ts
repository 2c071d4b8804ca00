import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { createHealth } from '../../server/lifecycle/health.ts';

describe('readiness', () => {
  it('goes from starting to ready to draining, and a shutdown begun while warming up stays a shutdown', () => {
    const health = createHealth();
    expect(health.readiness()).toBe('starting');
    health.markReady();
    expect(health.readiness()).toBe('ready');
    health.markDraining();
    expect(health.readiness()).toBe('draining');

    const early = createHealth();
    early.markDraining();
    early.markReady();
    expect(early.readiness()).toBe('draining');
  });
});

describe('the probes', () => {
  it('answer liveness (/livez, /healthz) whatever the readiness, and readiness (/readyz) only when ready', async () => {
    const health = createHealth();
    const server = createServer(express().use(health.router));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const statuses = async () =>
      Object.fromEntries(
        await Promise.all(
          ['/livez', '/healthz', '/readyz'].map(async (path) => [path, (await fetch(origin + path)).status] as const),
        ),
      );
    try {
      expect(await statuses()).toEqual({ '/livez': 200, '/healthz': 200, '/readyz': 503 });
      health.markReady();
      expect(await statuses()).toEqual({ '/livez': 200, '/healthz': 200, '/readyz': 200 });
      // A pod that drains is not restarted for it: alive, only no longer ready.
      health.markDraining();
      expect(await statuses()).toEqual({ '/livez': 200, '/healthz': 200, '/readyz': 503 });
      expect(await (await fetch(`${origin}/livez`)).json()).toEqual({ status: 'ok' });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
