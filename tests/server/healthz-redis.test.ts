import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RedisClients } from '../../server/redis/redis-clients';
import { startTestServer } from '../helpers/test-server';
import {
  UNREACHABLE_REDIS_URL,
  dropRedisKeys,
  requireRedis,
  testRedisClients,
  testRedisPrefix,
} from '../helpers/redis';

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
      body: { status: 'ok', version: 'test', database: 'ok', redis: 'ok' },
    });
  });

  it('answers 503 when the configured Redis is unreachable, so the load balancer takes the node out', async () => {
    const redis = await testRedisClients(prefix, UNREACHABLE_REDIS_URL);
    clients.push(redis);
    expect(await healthOf(redis)).toEqual({
      status: 503,
      retryAfter: '5',
      body: { status: 'unavailable', version: 'test', database: 'ok', redis: 'unreachable' },
    });
  });

  it('does not mention Redis without REDIS_URL', async () => {
    expect(await healthOf(undefined)).toEqual({
      status: 200,
      retryAfter: null,
      body: { status: 'ok', version: 'test', database: 'ok' },
    });
  });
});
