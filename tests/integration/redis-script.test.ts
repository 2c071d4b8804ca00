import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { redisScript } from '../../server/shared-cache/redis-script.ts';
import { manifestRedisUser, startRedis } from '../helpers/redis-server.ts';
import type { RunningRedis } from '../helpers/redis-server.ts';

// A script run by its SHA-1, on a real redis-server under the site's own ACL user: sent whole only where
// the server does not know it (the first time, and after a restart forgets it), by its hash after.

let redis: RunningRedis;
let client: Redis;

beforeAll(async () => {
  redis = await startRedis(manifestRedisUser('redis-script-test-password'));
  client = new Redis(redis.url, { maxRetriesPerRequest: 1 });
});
afterAll(async () => {
  client.disconnect();
  await redis.stop();
});

/** How often the server ran each kind of script command. */
const runs = async () => {
  const stats = await client.info('commandstats');
  const calls = (command: string) => Number(new RegExp(`cmdstat_${command}:calls=(\\d+)`).exec(stats)?.[1] ?? 0);
  return { eval: calls('eval'), evalsha: calls('evalsha') };
};

const addUp = redisScript(`return redis.call('INCRBY', KEYS[1], ARGV[1])`);
const key = 'architectenregister:redis-script-test';

it('sends the script whole once, then by its hash', async () => {
  expect(await addUp(client, [key], [2])).toBe(2);
  expect(await runs()).toEqual({ eval: 1, evalsha: 1 });
  expect(await addUp(client, [key], [3])).toBe(5);
  expect(await addUp(client, [key], [4])).toBe(9);
  expect(await runs()).toEqual({ eval: 1, evalsha: 3 });
});

it('sends it whole again to a server that restarted and forgot it', async () => {
  await redis.stop();
  await redis.start();
  await client.ping();
  expect(await addUp(client, [key], [1])).toBe(1);
  expect(await runs()).toEqual({ eval: 1, evalsha: 1 });
});

it("passes on the script's own error", async () => {
  const fails = redisScript(`return redis.error_reply('not today')`);
  await expect(fails(client, [key], [])).rejects.toThrow('not today');
});
