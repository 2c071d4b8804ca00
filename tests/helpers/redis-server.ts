import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { freePort } from './free-port.ts';

// A real redis-server on a loopback port, without persistence, that a test can stop and start again on
// the same port (the replicas' REDIS_URL stays the same).

export const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? 'redis-server';

export interface RunningRedis {
  url: string;
  port: number;
  stop(): Promise<void>;
  start(): Promise<void>;
}

const waitForLine = (child: ChildProcess, pattern: RegExp, output: string[]) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${output.join('')}`)), 10_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output.push(chunk.toString());
      if (pattern.test(output.join(''))) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with ${code}:\n${output.join('')}`));
    });
  });

export const hasRedisServer = (): boolean => spawnSync(REDIS_SERVER, ['--version']).status === 0;

export const startRedis = async (): Promise<RunningRedis> => {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    const output: string[] = [];
    child = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--loglevel', 'notice'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await waitForLine(child, /Ready to accept connections/, output);
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGKILL');
    });
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, port, stop, start };
};
