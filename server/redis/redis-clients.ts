/**
 * The Redis connections one node keeps when REDIS_URL is set (issue #16; docs/decisions/0027): created once by
 * server/index.ts (or a test) and closed on shutdown.
 *
 * - `commands`: rate limits and the health check. No offline queue and a short command timeout, so that while Redis
 *   is away a call fails at once and the caller falls back, instead of waiting for a reconnection.
 * - `pub` / `sub`: the Socket.IO adapter's. A subscribed connection can do nothing else, hence two. `pub` has no
 *   offline queue either (an emit during an outage is not queued up in memory), and its publish failures are caught
 *   here, because the adapter leaves the promise unhandled, which would end the process.
 *
 * A Redis without persistence comes back from a restart empty (issue #24): the limits' counters and the presence
 * directory are gone. `state()` notices it by a marker key each node checks (on every reconnection and every health
 * check); lock-outs do not depend on it, they are kept in the database (server/auth/login-lockouts.ts).
 */
import { randomUUID } from 'node:crypto';
import { Redis, type RedisOptions } from 'ioredis';
import type { Logger } from '../logger';

/** A call to Redis slower than this counts as a failure (the limiter then answers from memory). */
export const REDIS_COMMAND_TIMEOUT_MS = 500;
/** The prefix of every key and channel this app uses in Redis. */
export const DEFAULT_REDIS_PREFIX = 'ilera:';
/** `<prefix>boot-marker`: written once per Redis lifetime; missing or changed, Redis lost its data. */
export const REDIS_MARKER_KEY = 'boot-marker';
/**
 * How long /healthz says `restarted-empty` after the node noticed: the longest limit window (log-in failures, 15
 * minutes), after which the counters lost no longer matter.
 */
export const RESTARTED_EMPTY_REPORT_MS = 15 * 60_000;

/** Redis as /healthz reports it (docs/deploy.md). */
export type RedisState = 'ok' | 'unreachable' | 'restarted-empty';

export type RedisClients = {
  commands: Redis;
  pub: Redis;
  sub: Redis;
  /** Begins every key and channel name (tests use one per run). */
  prefix: string;
  /** True when Redis answered a PING within the command timeout. */
  ping: () => Promise<boolean>;
  /**
   * 'unreachable' when Redis does not answer within the command timeout; 'restarted-empty' for
   * RESTARTED_EMPTY_REPORT_MS after the node found that Redis had lost its data; else 'ok'.
   */
  state: () => Promise<RedisState>;
  /** Resolves true once every connection is ready, false after `timeoutMs`. */
  ready: (timeoutMs: number) => Promise<boolean>;
  quit: () => Promise<void>;
};

// Reconnects back off to 2 s, forever: a node outlives a Redis restart.
const retryStrategy = (times: number) => Math.min(times * 100, 2000);

export function createRedisClients(
  url: string,
  options: { logger: Pick<Logger, 'error' | 'info'>; prefix?: string },
): RedisClients {
  const { logger } = options;
  const prefix = options.prefix ?? DEFAULT_REDIS_PREFIX;
  const failFast: RedisOptions = {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    retryStrategy,
  };
  const commands = new Redis(url, { ...failFast, connectionName: 'ilera-commands' });
  const pub = new Redis(url, { ...failFast, connectionName: 'ilera-pub' });
  // The adapter subscribes as it is created, before the connection is up: those commands must wait, not fail.
  const sub = new Redis(url, { retryStrategy, connectionName: 'ilera-sub' });

  // One line when a connection is lost and one when it is back, not one per retry.
  for (const [role, client] of [
    ['commands', commands],
    ['pub', pub],
    ['sub', sub],
  ] as const) {
    let down = false;
    client.on('error', (error: unknown) => {
      if (down) return;
      down = true;
      logger.error('redis connection lost', { role, err: error });
    });
    client.on('ready', () => {
      if (!down) return;
      down = false;
      logger.info('redis connection back', { role });
    });
  }

  const publish = pub.publish.bind(pub);
  Object.assign(pub, {
    publish: (channel: string, message: string | Buffer) => publish(channel, message).catch(() => 0),
  });

  // The marker's value as this node last saw it: another value (or none) means Redis lost its data meanwhile.
  const markerKey = prefix + REDIS_MARKER_KEY;
  let knownMarker: string | undefined;
  let emptySince: number | undefined;
  const checkMarker = async () => {
    let marker = await commands.get(markerKey);
    if (marker === null) {
      const fresh = randomUUID();
      marker = (await commands.set(markerKey, fresh, 'NX')) === 'OK' ? fresh : await commands.get(markerKey);
    }
    // The first look only learns the marker: a node starting beside an empty Redis has lost nothing.
    if (knownMarker !== undefined && marker !== knownMarker) {
      emptySince = Date.now();
      logger.error('redis came back empty: limit counters and presence were lost (lock-outs are in the database)', {
        hint: 'run Redis with persistence: docs/deploy.md',
      });
    }
    knownMarker = marker ?? undefined;
  };
  commands.on('ready', () => void checkMarker().catch(() => undefined));

  const isReady = () => [commands, pub, sub].every((client) => client.status === 'ready');

  return {
    commands,
    pub,
    sub,
    prefix,
    async ping() {
      try {
        return (await commands.ping()) === 'PONG';
      } catch {
        return false;
      }
    },
    async state() {
      try {
        await checkMarker();
      } catch {
        return 'unreachable';
      }
      return emptySince !== undefined && Date.now() - emptySince < RESTARTED_EMPTY_REPORT_MS ? 'restarted-empty' : 'ok';
    },
    async ready(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (!isReady()) {
        if (Date.now() > deadline) return false;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return true;
    },
    async quit() {
      await Promise.all(
        [commands, pub, sub].map(async (client) => {
          // Not connected: QUIT would wait in the offline queue (or fail); there is nothing to close politely.
          if (client.status !== 'ready') return client.disconnect();
          try {
            await client.quit();
          } catch {
            client.disconnect();
          }
        }),
      );
    },
  };
}
