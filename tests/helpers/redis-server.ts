import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { freePort } from './free-port.ts';
import { startProcess, waitForLine } from './processes.ts';
import type { TrackedProcess } from './processes.ts';
import { ROOT } from './site.ts';

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
  await waitForLine(redis, 'redis-server', (line) => (line.includes('Ready to accept connections') ? true : undefined));
};

/** An ACL user as the Kubernetes manifest defines the site's: its name, password and rules. */
export interface RedisUser {
  name: string;
  password: string;
  rules: readonly string[];
}

/** The site's Redis user from deploy/kubernetes/base/redis.yaml, with `password` for the Secret's. */
export const manifestRedisUser = (password: string): RedisUser => {
  // The manifest read freely: a wrong path fails the test.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  type Manifest = Record<string, any>;
  const manifests = parseAllDocuments(readFileSync(path.join(ROOT, 'deploy/kubernetes/base/redis.yaml'), 'utf8'));
  const deployment = manifests.map((doc) => doc.toJS() as Manifest).find((doc) => doc.kind === 'Deployment')!;
  const args = deployment.spec.template.spec.containers[0].args as string[];
  const at = args.lastIndexOf('--user');
  const [name, on, secret, ...rules] = args.slice(at + 1);
  if (on !== 'on' || secret !== '>$(REDIS_PASSWORD)' || !name)
    throw new Error('redis.yaml: the last --user is not `name on >$(REDIS_PASSWORD) rules…`');
  return { name, password, rules };
};

/**
 * Without `user`, open to anyone on loopback; with it, the default user off and only `user`, as deployed.
 * `more`: further redis-server arguments (more users, replication).
 */
export const startRedis = async (user?: RedisUser, more: readonly string[] = []): Promise<RunningRedis> => {
  const port = await freePort();
  let redis: TrackedProcess | null = null;
  const acl = user ? ['--user', 'default', 'off', '--user', user.name, 'on', `>${user.password}`, ...user.rules] : [];
  const start = async () => {
    redis = startProcess(
      REDIS_SERVER,
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--loglevel',
        'notice',
        ...acl,
        ...more,
      ],
      { name: 'redis' },
    );
    await waitUntilReady(redis);
  };
  const stop = async () => {
    const running = redis;
    redis = null;
    await running?.stop('SIGKILL');
  };
  await start();
  const credentials = user ? `${encodeURIComponent(user.name)}:${encodeURIComponent(user.password)}@` : '';
  return { url: `redis://${credentials}127.0.0.1:${port}`, port, stop, start };
};
