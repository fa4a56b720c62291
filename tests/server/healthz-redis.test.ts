import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_MARKER_KEY, type RedisClients } from '../../server/redis/redis-clients';
import { startTestServer } from '../helpers/test-server';
import {
  UNREACHABLE_REDIS_URL,
  dropRedisKeys,
  requireRedis,
  testRedisClients,
  testRedisPrefix,
} from '../helpers/redis';

/** /healthz's text queue (issue #27.7), empty in these tests. */
const noMessages = { queued: 0, oldestSeconds: 0 };

const prefix = testRedisPrefix();
const clients: RedisClients[] = [];

beforeAll(requireRedis);
afterAll(async () => {
  await Promise.all(clients.map((client) => client.quit()));
  await dropRedisKeys(prefix);
});

async function healthOf(redis: RedisClients | undefined) {
  const server = await startTestServer(redis ? { deps: { redis } } : {});
  try {
    const response = await fetch(`${server.baseUrl}/healthz`);
    return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() };
  } finally {
    await server.close();
  }
}

describe('/healthz with REDIS_URL', () => {
  it('says Redis is ok when it answers', async () => {
    const redis = await testRedisClients(prefix);
    clients.push(redis);
    expect(await healthOf(redis)).toEqual({
      status: 200,
      retryAfter: null,
      body: { status: 'ok', version: 'test', database: 'ok', redis: 'ok', messages: noMessages },
    });
  });

  it('answers 503 when the configured Redis is unreachable, so the load balancer takes the node out', async () => {
    const redis = await testRedisClients(prefix, UNREACHABLE_REDIS_URL);
    clients.push(redis);
    expect(await healthOf(redis)).toEqual({
      status: 503,
      retryAfter: '5',
      body: { status: 'unavailable', version: 'test', database: 'ok', redis: 'unreachable', messages: noMessages },
    });
  });

  it("says 'restarted-empty' (still 200) on every node once Redis lost its data, and writes the marker again", async () => {
    // Its own prefix: a Redis restarted without persistence is played by deleting every key under it.
    const ownPrefix = testRedisPrefix();
    const nodeA = await testRedisClients(ownPrefix);
    const nodeB = await testRedisClients(ownPrefix);
    clients.push(nodeA, nodeB);
    const server = await startTestServer({ deps: { redis: nodeA } });
    const health = async () => {
      const response = await fetch(`${server.baseUrl}/healthz`);
      return { status: response.status, body: (await response.json()) as unknown };
    };
    try {
      expect(await health()).toEqual({
        status: 200,
        body: { status: 'ok', version: 'test', database: 'ok', redis: 'ok', messages: noMessages },
      });
      expect(await nodeB.state()).toBe('ok');

      await dropRedisKeys(ownPrefix);
      const restarted = {
        status: 200,
        body: { status: 'ok', version: 'test', database: 'ok', redis: 'restarted-empty', messages: noMessages },
      };
      expect(await health()).toEqual(restarted);
      expect(await nodeA.commands.exists(`${ownPrefix}${REDIS_MARKER_KEY}`)).toBe(1);
      // Node B finds the marker node A wrote, but not the one it knew.
      expect(await nodeB.state()).toBe('restarted-empty');
      expect(await health()).toEqual(restarted);
    } finally {
      await server.close();
      await dropRedisKeys(ownPrefix);
    }
  });

  it('does not mention Redis without REDIS_URL', async () => {
    expect(await healthOf(undefined)).toEqual({
      status: 200,
      retryAfter: null,
      body: { status: 'ok', version: 'test', database: 'ok', messages: noMessages },
    });
  });
});
