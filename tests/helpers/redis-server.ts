import { spawnSync } from 'node:child_process';
import { freePort } from './free-port.ts';
import { startProcess } from './processes.ts';
import type { TrackedProcess } from './processes.ts';

// A real redis-server on a loopback port, without persistence, that a test can stop and start again on
// the same port (the replicas' REDIS_URL stays the same).

export const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? 'redis-server';

export interface RunningRedis {
  url: string;
  port: number;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export const hasRedisServer = (): boolean => spawnSync(REDIS_SERVER, ['--version']).status === 0;

const waitUntilReady = async (redis: TrackedProcess): Promise<void> => {
  let exitCode: number | null | undefined;
  void redis.exited.then((code) => (exitCode = code));
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 20))) {
    if (redis.logs.some((line) => line.includes('Ready to accept connections'))) return;
    if (exitCode !== undefined) throw new Error(`redis-server exited with ${exitCode}:\n${redis.logs.join('\n')}`);
  }
  await redis.stop('SIGKILL');
  throw new Error(`redis-server did not start:\n${redis.logs.join('\n')}`);
};

export const startRedis = async (): Promise<RunningRedis> => {
  const port = await freePort();
  let redis: TrackedProcess | null = null;
  const start = async () => {
    redis = startProcess(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--loglevel', 'notice'], { name: 'redis' });
    await waitUntilReady(redis);
  };
  const stop = async () => {
    const running = redis;
    redis = null;
    await running?.stop('SIGKILL');
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, port, stop, start };
};
