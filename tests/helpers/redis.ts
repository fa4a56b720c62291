/**
 * Redis for the scale-out tests (issue #16): TEST_REDIS_URL, else REDIS_URL, else the local default. Each test file
 * gets its own key prefix, so parallel runs (and parallel files) never share a key or a channel. Without a reachable
 * Redis these suites fail with one line saying so: they never pass by skipping.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { createRedisClients, type RedisClients } from '../../server/redis/redis-clients';
import { silentLogger } from './silent-logger';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** A port nothing listens on: Redis "down" for the fallback tests. */
export const UNREACHABLE_REDIS_URL = 'redis://127.0.0.1:1';

/** Throws one readable line when the test Redis does not answer. Call it in beforeAll. */
export async function requireRedis() {
  const probe = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    await probe.ping();
  } catch {
    throw new Error(
      `Redis is not reachable at ${TEST_REDIS_URL}: these tests need one (start redis-server, or set TEST_REDIS_URL)`,
    );
  } finally {
    probe.disconnect();
  }
}

export const testRedisPrefix = () => `ilera-test:${randomUUID()}:`;

/** One node's connections, as server/index.ts makes them, under the test's prefix. */
export async function testRedisClients(prefix: string, url = TEST_REDIS_URL): Promise<RedisClients> {
  const clients = createRedisClients(url, { logger: silentLogger, prefix });
  if (url === TEST_REDIS_URL && !(await clients.ready(5000))) throw new Error(`Redis at ${url} did not get ready`);
  return clients;
}

/** Deletes every key under the prefix (after the test file); nothing to do when Redis was never there. */
export async function dropRedisKeys(prefix: string) {
  const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } catch {
    // requireRedis has already failed the suite with the reason.
  } finally {
    redis.disconnect();
  }
}
