/**
 * A Redis limiter made without an onFallback listener (issue #25): telling is optional, so losing Redis and getting it
 * back must not depend on anyone listening; the limit still answers from memory, then from Redis again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimiter, createRedisRateLimiter } from '../../../server/http/rate-limiter';
import type { RedisClients } from '../../../server/redis/redis-clients';
import { dropRedisKeys, requireRedis, testRedisClients, testRedisPrefix } from '../../helpers/redis';

const prefix = testRedisPrefix();
let node: RedisClients;

beforeAll(async () => {
  await requireRedis();
  node = await testRedisClients(prefix);
});
afterAll(async () => {
  await node.quit();
  await dropRedisKeys(prefix);
});

describe('the Redis limiter with nobody listening for its fallback', () => {
  it('answers from memory while Redis is away and counts in Redis again when it is back', async () => {
    const limiter = createRedisRateLimiter({
      redis: node.commands,
      keyPrefix: `${prefix}rl:unheard:`,
      limit: 3,
      windowMs: 60_000,
      fallback: createRateLimiter({ limit: 3, windowMs: 60_000 }),
    });
    expect(await limiter.hit('ip')).toEqual({ allowed: true, remaining: 2 }); // Redis: the first it has seen
    expect(await limiter.hit('ip')).toEqual({ allowed: true, remaining: 1 });
    const ended = new Promise((resolve) => node.commands.once('end', resolve));
    node.commands.disconnect();
    await ended;
    expect(await limiter.hit('ip')).toEqual({ allowed: true, remaining: 2 }); // this node's memory: its first
    await node.commands.connect();
    // Redis again: its third (the memory would say its second, remaining 1).
    expect(await limiter.hit('ip')).toEqual({ allowed: true, remaining: 0 });
    expect(await node.commands.zcard(`${prefix}rl:unheard:ip`)).toBe(3);
  });
});
