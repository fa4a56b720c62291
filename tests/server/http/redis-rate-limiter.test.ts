import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createRateLimiter,
  createRedisRateLimiter,
  hitAll,
  redisRateLimiters,
  type RateLimiter,
} from '../../../server/http/rate-limiter';
import type { RedisClients } from '../../../server/redis/redis-clients';
import { createHttpClient, trpcError } from '../../helpers/auth-http';
import { silentLogger } from '../../helpers/silent-logger';
import { startTestServer } from '../../helpers/test-server';
import { uniqueEmail } from '../../helpers/unique-email';
import {
  UNREACHABLE_REDIS_URL,
  dropRedisKeys,
  requireRedis,
  testRedisClients,
  testRedisPrefix,
} from '../../helpers/redis';
import { LOGIN_FAILURES_PER_ACCOUNT } from '../../../server/auth/auth-limits';

const prefix = testRedisPrefix();
const nodes: RedisClients[] = [];
let nodeA: RedisClients;
let nodeB: RedisClients;

beforeAll(async () => {
  await requireRedis();
  nodeA = await testRedisClients(prefix);
  nodeB = await testRedisClients(prefix);
  nodes.push(nodeA, nodeB);
});

afterAll(async () => {
  await Promise.all(nodes.map((node) => node.quit()));
  await dropRedisKeys(prefix);
});

/** The same named limit on two nodes: two limiters with their own connections, one Redis. */
function twoNodes(name: string, limit: number, windowMs = 60_000, now?: () => number): [RateLimiter, RateLimiter] {
  const on = (node: RedisClients) =>
    redisRateLimiters(node.commands, node.prefix, silentLogger)(name, { limit, windowMs, now });
  return [on(nodeA), on(nodeB)];
}

describe('the rate limiter kept in Redis, shared by two nodes', () => {
  it('trips at the same count whichever node counts, and says when to retry', async () => {
    let now = 1_000_000;
    const [a, b] = twoNodes('shared-count', 3, 60_000, () => now);
    expect(await a.hit('ip')).toEqual({ allowed: true, remaining: 2 });
    expect(await b.hit('ip')).toEqual({ allowed: true, remaining: 1 });
    expect(await a.hit('ip')).toEqual({ allowed: true, remaining: 0 });
    const policy = { limit: 3, windowSeconds: 60 };
    expect(await b.hit('ip')).toEqual({ allowed: false, retryAfterSeconds: 60, remaining: 0, policy });
    expect(await a.hit('other-ip')).toEqual({ allowed: true, remaining: 2 });
    now += 30_000;
    expect(await a.hit('ip')).toEqual({ allowed: false, retryAfterSeconds: 30, remaining: 0, policy });
    now += 30_001;
    // The first three have left the window, and the refused ones never counted (else only 1 would remain).
    expect(await b.hit('ip')).toEqual({ allowed: true, remaining: 2 });
  });

  it('check does not count, release gives back the latest attempt, reset clears: on either node', async () => {
    const [a, b] = twoNodes('release', 2);
    expect(await a.check('k')).toEqual({ allowed: true, remaining: 2 });
    await a.hit('k');
    await b.hit('k');
    expect((await a.check('k')).allowed).toBe(false);
    await b.release('k');
    expect(await a.check('k')).toEqual({ allowed: true, remaining: 1 });
    await a.hit('k');
    expect((await b.hit('k')).allowed).toBe(false);
    await a.reset('k');
    expect(await b.check('k')).toEqual({ allowed: true, remaining: 2 });
    await b.release('k'); // nothing to give back: harmless
    expect(await b.check('k')).toEqual({ allowed: true, remaining: 2 });
  });

  it('lets exactly `limit` of many simultaneous attempts through, across the two nodes', async () => {
    const [a, b] = twoNodes('race', 5);
    const verdicts = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).hit('burst')));
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(5);
  });

  it('keeps its keys under the prefix, with an expiry', async () => {
    const [a] = twoNodes('keys', 2, 5000);
    await a.hit('203.0.113.9');
    const key = `${prefix}rl:keys:203.0.113.9`;
    expect(await nodeA.commands.zcard(key)).toBe(1);
    const ttl = await nodeA.commands.pttl(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(5000);
  });
});

describe('several limits counted at once (hitAll, ADR 0052: a chat message passes two)', () => {
  it('counts an attempt against every limit in one call to Redis, or against none when one is full', async () => {
    let now = 5_000_000;
    const [burstA, burstB] = twoNodes('all-burst', 2, 10_000, () => now);
    const [minuteA, minuteB] = twoNodes('all-minute', 3, 60_000, () => now);
    const evals = vi.spyOn(nodeA.commands, 'eval');
    expect(await hitAll([burstA, minuteA], 'v')).toEqual({ allowed: true });
    // One round trip per attempt, whatever the number of limits (it was a check and a hit per limit: 4).
    expect(evals).toHaveBeenCalledTimes(1);
    evals.mockRestore();
    expect(await hitAll([burstB, minuteB], 'v')).toEqual({ allowed: true });
    // The burst limit is full: refused for its 10 s, and the minute limit did not count it.
    expect(await hitAll([burstA, minuteA], 'v')).toEqual({ allowed: false, retryAfterSeconds: 10 });
    expect(await nodeA.commands.zcard(`${prefix}rl:all-minute:v`)).toBe(2);
    now += 10_001;
    expect(await hitAll([burstB, minuteB], 'v')).toEqual({ allowed: true });
    // Now the minute limit is full (3 in it), the burst one is not: the wait is the minute limit's.
    expect(await hitAll([burstA, minuteA], 'v')).toEqual({ allowed: false, retryAfterSeconds: 50 });
    expect(await nodeA.commands.zcard(`${prefix}rl:all-burst:v`)).toBe(1);
  });

  it('lets exactly the smaller limit through of many simultaneous attempts on two nodes', async () => {
    const [burstA, burstB] = twoNodes('all-race-burst', 4);
    const [minuteA, minuteB] = twoNodes('all-race-minute', 6);
    const verdicts = await Promise.all(
      Array.from({ length: 40 }, (_, i) => hitAll(i % 2 ? [burstA, minuteA] : [burstB, minuteB], 'r')),
    );
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(4);
    expect(await nodeA.commands.zcard(`${prefix}rl:all-race-minute:r`)).toBe(4);
  });

  it('counts in each node’s memory while Redis does not answer', async () => {
    const down = await testRedisClients(prefix, UNREACHABLE_REDIS_URL);
    nodes.push(down);
    const limiter = (name: string, limit: number) =>
      createRedisRateLimiter({
        redis: down.commands,
        keyPrefix: `${prefix}rl:${name}:`,
        limit,
        windowMs: 60_000,
        fallback: createRateLimiter({ limit, windowMs: 60_000 }),
      });
    const limits = [limiter('down-burst', 1), limiter('down-minute', 5)];
    expect(await hitAll(limits, 'ip')).toEqual({ allowed: true });
    expect(await hitAll(limits, 'ip')).toEqual({ allowed: false, retryAfterSeconds: 60 });
    expect((await limits[1]!.check('ip')).remaining).toBe(4);
  });
});

describe('the rate limiter when Redis does not answer', () => {
  it('answers from this node’s memory, enforcing the limit there, and says so once', async () => {
    const down = await testRedisClients(prefix, UNREACHABLE_REDIS_URL);
    nodes.push(down);
    const reports: boolean[] = [];
    const limiter = createRedisRateLimiter({
      redis: down.commands,
      keyPrefix: `${prefix}rl:down:`,
      limit: 2,
      windowMs: 60_000,
      fallback: createRateLimiter({ limit: 2, windowMs: 60_000 }),
      onFallback: (usingFallback) => reports.push(usingFallback),
    });
    expect(await limiter.hit('ip')).toEqual({ allowed: true, remaining: 1 });
    expect(await limiter.hit('ip')).toEqual({ allowed: true, remaining: 0 });
    expect((await limiter.hit('ip')).allowed).toBe(false);
    await limiter.release('ip');
    expect((await limiter.check('ip')).allowed).toBe(true);
    await limiter.reset('ip');
    expect(await limiter.check('ip')).toEqual({ allowed: true, remaining: 2 });
    // No offline queue and no retries: a call to a down Redis fails at once instead of waiting for a connection (the
    // calls above answered from the fallback), rather than costing a timeout each.
    expect(down.commands.options).toMatchObject({ enableOfflineQueue: false, maxRetriesPerRequest: 0 });
    expect(reports).toEqual([true]);
  });
});

describe('the rate limiter when Redis comes back', () => {
  it('counts in Redis again, and says so once', async () => {
    const node = await testRedisClients(prefix);
    nodes.push(node);
    const reports: boolean[] = [];
    const limiter = createRedisRateLimiter({
      redis: node.commands,
      keyPrefix: `${prefix}rl:back:`,
      limit: 3,
      windowMs: 60_000,
      fallback: createRateLimiter({ limit: 3, windowMs: 60_000 }),
      onFallback: (usingFallback) => reports.push(usingFallback),
    });
    await limiter.hit('ip');
    const ended = new Promise((resolve) => node.commands.once('end', resolve));
    node.commands.disconnect();
    expect(await limiter.hit('ip')).toEqual({ allowed: true, remaining: 2 }); // this node's memory: its first attempt
    await ended;
    await node.commands.connect();
    expect(await limiter.hit('ip')).toEqual({ allowed: true, remaining: 1 }); // Redis: the second it has seen
    expect(await node.commands.zcard(`${prefix}rl:back:ip`)).toBe(2);
    expect(reports).toEqual([true, false]);
  });
});

describe('log-in limits on two app nodes sharing Redis', () => {
  it('lock the account after 5 failures spread over both nodes, with the 429 headers', async () => {
    const one = await startTestServer({ deps: { redis: nodeA } });
    const two = await startTestServer({ deps: { redis: nodeB } });
    try {
      const nodes = [createHttpClient(one.baseUrl), createHttpClient(two.baseUrl)];
      const email = uniqueEmail('nobody', 'example.com');
      for (let attempt = 0; attempt < LOGIN_FAILURES_PER_ACCOUNT; attempt++) {
        const { data } = await trpcError(nodes[attempt % 2]!.client.auth.logIn.mutate({ email, password: 'wrong-1' }));
        expect(data.httpStatus).toBe(401);
      }
      const last = nodes[1]!;
      const refused = await trpcError(last.client.auth.logIn.mutate({ email, password: 'wrong-1' }));
      expect(refused.data.httpStatus).toBe(429);
      expect(refused.message).toMatch(/Too many/i);
      const response = last.lastResponse();
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(800);
      expect(response.headers.get('ratelimit-policy')).toBe('"login-account";q=5;w=900');
      // The other node refuses too: the count is the same everywhere.
      const onOne = await trpcError(nodes[0]!.client.auth.logIn.mutate({ email, password: 'wrong-1' }));
      expect(onOne.data.httpStatus).toBe(429);
    } finally {
      await one.close();
      await two.close();
    }
  });

  it('a public form still answers (limits from memory) when the node’s Redis is unreachable', async () => {
    const down = await testRedisClients(prefix, UNREACHABLE_REDIS_URL);
    nodes.push(down);
    const server = await startTestServer({ deps: { redis: down }, env: { RATE_LIMIT_FORMS_PER_MINUTE: '1' } });
    try {
      const { client } = createHttpClient(server.baseUrl);
      const subscribe = () =>
        client.forms.subscribeNewsletter.mutate({ email: uniqueEmail('reader', 'example.com'), fillMs: 5000 });
      await expect(subscribe()).resolves.toBeTruthy();
      const { data } = await trpcError(subscribe());
      expect(data.httpStatus).toBe(429);
    } finally {
      await server.close();
    }
  });
});
