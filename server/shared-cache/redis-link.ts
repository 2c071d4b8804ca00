import { Redis } from 'ioredis';
import type { Logger } from 'pino';

// The connection to Redis, the one part the replicas share. Redis is a help, never a condition: while it
// is unreachable every command fails at once (no queue that would hold requests), the site serves from
// its own caches and the CMS, and the client reconnects in the background. An outage is logged once when
// it starts and once when it ends; whoever missed messages in between is told on reconnection.

export interface RedisLink {
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

export const connectRedis = ({
  url,
  commandTimeoutMs,
  log,
}: {
  url: string;
  commandTimeoutMs: number;
  log: Logger;
}): RedisLink => {
  const options = {
    // Fail fast while disconnected; reconnect for ever, a little slower each time.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: commandTimeoutMs,
    connectTimeout: 2000,
    retryStrategy: (attempt: number) => Math.min(attempt * 100, RECONNECT_MAX_MS),
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
  const where = new URL(url).host;

  let everReady = false;
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
    if (down || !everReady) log.info({ redis: where }, down ? 'Redis is back' : 'Redis connected');
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
