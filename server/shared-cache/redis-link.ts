import { Redis } from 'ioredis';
import type { RedisOptions } from 'ioredis';
import type { Logger } from 'pino';
import type { RedisSentinels } from '../config/config.ts';

// The connection to Redis, the one part the replicas share. Redis is a help, never a condition: while it
// is unreachable every command fails at once (no queue that would hold requests), the site serves from
// its own caches and the CMS, and the client reconnects in the background. An outage is logged once when
// it starts and once when it ends; whoever missed messages in between is told on reconnection.
// With Sentinel, every connection asks the sentinels for the primary each time it connects: after a
// failover, commands and the subscription go to the new primary, and a change of primary is logged.

export interface RedisLink {
  /** Which Redis, for logs and traces: its host and port, or the primary's name under Sentinel. */
  readonly where: string;
  /** For commands; usable only while `ready()`. */
  readonly command: Redis;
  /** Connected now. */
  ready(): boolean;
  /** Subscribes to a channel (again after every reconnection). */
  subscribe(channel: string, onMessage: (message: string) => void): void;
  /** Called when Redis is back after an outage (not on the first connection). */
  onReconnect(listener: () => void): void;
  close(): Promise<void>;
}

const RECONNECT_MAX_MS = 2000;

const retryStrategy = (attempt: number) => Math.min(attempt * 100, RECONNECT_MAX_MS);

/** Options that find the primary through the sentinels (REDIS_URL's host and port are then not used). */
const sentinelOptions = (sentinels: RedisSentinels, url: string): RedisOptions => {
  const tls = url.startsWith('rediss:');
  return {
    sentinels: sentinels.addresses,
    name: sentinels.master,
    role: 'master',
    sentinelUsername: sentinels.username ?? undefined,
    sentinelPassword: sentinels.password ?? undefined,
    // rediss: TLS to the sentinels as to the data nodes.
    enableTLSForSentinelMode: tls,
    ...(tls ? { sentinelTLS: {} } : {}),
    sentinelRetryStrategy: retryStrategy,
    // A primary that is demoted and lives on has its clients disconnected by the sentinels; a write it
    // refuses before that reconnects too. (ioredis's failoverDetector is left off: its announcement,
    // arriving while a connection is being made again, ends that connection for good.)
    reconnectOnError: (error: Error) => error.message.startsWith('READONLY'),
  };
};

/** The address of the Redis a connection is connected to. */
const peerOf = (client: Redis): string | null =>
  client.stream?.remoteAddress ? `${client.stream.remoteAddress}:${client.stream.remotePort}` : null;

export const connectRedis = ({
  url,
  sentinels,
  commandTimeoutMs,
  log,
}: {
  url: string;
  sentinels: RedisSentinels | null;
  commandTimeoutMs: number;
  log: Logger;
}): RedisLink => {
  const options: RedisOptions = {
    // Fail fast while disconnected; reconnect for ever, a little slower each time.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: commandTimeoutMs,
    connectTimeout: 2000,
    retryStrategy,
    ...(sentinels ? sentinelOptions(sentinels, url) : {}),
  };
  const command = new Redis(url, options);
  // A subscriber queues its SUBSCRIBE until connected, and subscribes again after a reconnection.
  const subscriber = new Redis(url, {
    ...options,
    enableOfflineQueue: true,
    commandTimeout: undefined,
    autoResubscribe: true,
  });
  const listeners: Array<() => void> = [];
  const handlers = new Map<string, (message: string) => void>();
  const where = sentinels ? sentinels.master : new URL(url).host;

  let everReady = false;
  let primary: string | null = null;
  let down = false;
  const wentDown = (error?: Error) => {
    if (down) return;
    down = true;
    log.warn(
      { err: error, redis: where },
      'Redis is unavailable: serving from this process and the CMS until it is back',
    );
  };
  command.on('ready', () => {
    const now = peerOf(command);
    if (sentinels && primary && now && now !== primary)
      log.warn({ redis: where, from: primary, to: now }, 'Redis failed over: the sentinels name a new primary');
    primary = now ?? primary;
    if (down || !everReady) log.info({ redis: where, primary }, down ? 'Redis is back' : 'Redis connected');
    if (down) for (const listener of listeners) listener();
    everReady = true;
    down = false;
  });
  command.on('error', (error: Error) => wentDown(error));
  command.on('close', () => {
    if (everReady) wentDown();
  });
  // The subscriber's own errors are the same outage, logged above.
  subscriber.on('error', () => {});
  subscriber.on('message', (channel: string, message: string) => handlers.get(channel)?.(message));

  return {
    where,
    command,
    ready: () => command.status === 'ready',
    subscribe(channel, onMessage) {
      handlers.set(channel, onMessage);
      subscriber
        .subscribe(channel)
        .catch((error: unknown) =>
          log.warn({ err: error, channel }, 'Redis subscription failed; retried on reconnection'),
        );
    },
    onReconnect: (listener) => listeners.push(listener),
    async close() {
      command.disconnect();
      subscriber.disconnect();
    },
  };
};
