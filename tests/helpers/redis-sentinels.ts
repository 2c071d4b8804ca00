import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { expect, vi } from 'vitest';
import { freePort } from './free-port.ts';
import { startProcess, waitForLine } from './processes.ts';
import type { TrackedProcess } from './processes.ts';
import { startRedis } from './redis-server.ts';
import type { RedisUser, RunningRedis } from './redis-server.ts';

// A primary, a replica and three sentinels on loopback ports, locked down as a deployment would be: the
// site's ACL user on both data nodes, an administrative user the replica and the sentinels use, and a
// password on the sentinels themselves.

export const REDIS_SENTINEL = process.env.REDIS_SENTINEL_PATH ?? 'redis-sentinel';

export interface SentinelTimings {
  /** How long a primary may be silent before a sentinel thinks it down. */
  downAfterMs: number;
  /** How long a failover may take before it is tried again. */
  failoverTimeoutMs: number;
}

export interface SentinelGroup {
  /** The name the sentinels monitor the primary under. */
  master: string;
  /** The sentinels' addresses, as REDIS_SENTINELS takes them. */
  addresses: string;
  /** Their password (REDIS_SENTINEL_PASSWORD). */
  password: string;
  /** The administrative user of the data nodes (the site's own may not ask a node its role). */
  admin: { name: string; password: string };
  /** The data nodes, primary first at the start. */
  primary: RunningRedis;
  replica: RunningRedis;
  /** The lines every sentinel has logged so far. */
  logs(): string[];
  /** Asks the sentinels for a planned failover (the primary lives on as a replica), once a replica is fit. */
  failover(): Promise<void>;
  stop(): Promise<void>;
}

const MASTER = 'site-primary';
const ADMIN = { name: 'sentinel-admin', password: 'sentinel-admin-password' };
const SENTINEL_PASSWORD = 'sentinel-password';

const adminUser = ['--user', ADMIN.name, 'on', `>${ADMIN.password}`, '~*', '&*', '+@all'];

const startSentinel = async (dir: string, primaryPort: number, timings: SentinelTimings) => {
  const port = await freePort();
  const config = path.join(dir, `sentinel-${port}.conf`);
  // The sentinel rewrites its file with what it learns: each one has its own.
  writeFileSync(
    config,
    [
      `port ${port}`,
      'bind 127.0.0.1',
      `dir ${dir}`,
      `requirepass ${SENTINEL_PASSWORD}`,
      `sentinel sentinel-pass ${SENTINEL_PASSWORD}`,
      `sentinel monitor ${MASTER} 127.0.0.1 ${primaryPort} 2`,
      `sentinel auth-user ${MASTER} ${ADMIN.name}`,
      `sentinel auth-pass ${MASTER} ${ADMIN.password}`,
      `sentinel down-after-milliseconds ${MASTER} ${timings.downAfterMs}`,
      `sentinel failover-timeout ${MASTER} ${timings.failoverTimeoutMs}`,
      `sentinel parallel-syncs ${MASTER} 1`,
      '',
    ].join('\n'),
  );
  const sentinel = startProcess(REDIS_SENTINEL, [config], { name: 'redis-sentinel' });
  await waitForLine(sentinel, 'redis-sentinel', (line) => (line.includes('+monitor master') ? true : undefined));
  return { port, process: sentinel };
};

/** Starts the group and waits until every sentinel knows the replica and the two other sentinels. */
export const startSentinelGroup = async (user: RedisUser, timings: SentinelTimings): Promise<SentinelGroup> => {
  const dir = mkdtempSync(path.join(tmpdir(), 'redis-sentinels-'));
  const started: Array<RunningRedis | TrackedProcess> = [];
  const stop = async () => {
    await Promise.all(started.map((each) => ('child' in each ? each.stop('SIGKILL') : each.stop())));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    // The replica's copy of the primary's data goes to a file in `dir`, not in the checkout.
    const primary = await startRedis(user, [...adminUser, '--dir', dir]);
    started.push(primary);
    const replica = await startRedis(user, [
      ...adminUser,
      '--dir',
      dir,
      '--replicaof',
      '127.0.0.1',
      String(primary.port),
      '--masteruser',
      ADMIN.name,
      '--masterauth',
      ADMIN.password,
    ]);
    started.push(replica);
    const sentinels = await Promise.all([1, 2, 3].map(() => startSentinel(dir, primary.port, timings)));
    started.push(...sentinels.map((sentinel) => sentinel.process));
    // A sentinel learns of the replica from the primary's INFO (every 10 s) and of the others from their
    // hellos (every 2 s); a failover needs both.
    const knowsAll = (sentinel: TrackedProcess) => {
      const lines = sentinel.logs;
      return (
        lines.some((line) => line.includes(`+slave slave 127.0.0.1:${replica.port}`)) &&
        lines.filter((line) => line.includes('+sentinel sentinel')).length >= 2
      );
    };
    await vi.waitFor(() => expect(sentinels.every(({ process }) => knowsAll(process))).toBe(true), {
      timeout: 60_000,
      interval: 200,
    });
    return {
      master: MASTER,
      addresses: sentinels.map(({ port }) => `127.0.0.1:${port}`).join(','),
      password: SENTINEL_PASSWORD,
      admin: ADMIN,
      primary,
      replica,
      logs: () => sentinels.flatMap(({ process }) => process.logs),
      async failover() {
        const client = new Redis({ host: '127.0.0.1', port: sentinels[0]!.port, password: SENTINEL_PASSWORD });
        try {
          // Refused (NOGOODSLAVE) until a sentinel has seen a replica in sync.
          await vi.waitFor(() => client.call('SENTINEL', 'FAILOVER', MASTER), { timeout: 60_000, interval: 500 });
        } finally {
          client.disconnect();
        }
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
};
