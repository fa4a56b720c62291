/**
 * Issue #24: with Redis running without persistence, an account locked before a Redis restart accepted its password
 * immediately afterwards. A node keeps its limits in Redis; the restart is played by deleting every key under the
 * test's prefix (what a Redis without persistence comes back with), and the lock-out must hold until it ends.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOGIN_FAILURES_PER_ACCOUNT, LOGIN_FAILURES_PER_IP, LOGIN_WINDOW_MS } from '../../../server/auth/auth-limits';
import { hashPassword } from '../../../server/auth/password';
import { users } from '../../../server/data/users';
import type { RedisClients } from '../../../server/redis/redis-clients';
import { tooManyLogInsMessage } from '../../../shared/messages/auth-messages';
import { createHttpClient, trpcError } from '../../helpers/auth-http';
import { dropRedisKeys, requireRedis, testRedisClients, testRedisPrefix } from '../../helpers/redis';
import { startTestServer } from '../../helpers/test-server';

const PASSWORD = 'Moi-moi-on-Sunday-4';
const prefix = testRedisPrefix();
let redis: RedisClients;
let server: Awaited<ReturnType<typeof startTestServer>>;
let passwordHash: string;
let ipCounter = 1;

const visitor = (ip = `10.75.0.${ipCounter++}`) =>
  createHttpClient(server.baseUrl, { headers: { 'x-forwarded-for': ip } });
const limitKeysInRedis = () => redis.commands.keys(`${prefix}rl:*`);

/** What a Redis without persistence holds after a restart: nothing under our prefix. */
async function restartRedisEmpty() {
  await dropRedisKeys(prefix);
  expect(await limitKeysInRedis()).toEqual([]);
}

beforeAll(async () => {
  await requireRedis();
  redis = await testRedisClients(prefix);
  server = await startTestServer({ env: { TRUST_PROXY: '1' }, deps: { redis } });
  passwordHash = await hashPassword(PASSWORD);
});
afterAll(async () => {
  await server?.close();
  await redis?.quit();
  await dropRedisKeys(prefix);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a lock-out across a Redis restart that lost its data', () => {
  it('keeps refusing the right password for the locked account until the lock-out ends', async () => {
    const email = 'halima.locked@example.ng';
    await users.create(server.db, { email, fullName: 'Halima Musa', passwordHash, confirmed: true });
    for (let attempt = 0; attempt < LOGIN_FAILURES_PER_ACCOUNT; attempt++) {
      const failed = await trpcError(visitor().client.auth.logIn.mutate({ email, password: `wrong-${attempt}` }));
      expect(failed.data.httpStatus).toBe(401);
    }
    expect((await trpcError(visitor().client.auth.logIn.mutate({ email, password: PASSWORD }))).data.httpStatus).toBe(
      429,
    );
    expect(await limitKeysInRedis()).not.toEqual([]);

    await restartRedisEmpty();
    const owner = visitor();
    const afterRestart = await trpcError(owner.client.auth.logIn.mutate({ email, password: PASSWORD }));
    console.info(
      `log-in with the right password after the Redis restart: ${afterRestart.data.httpStatus}, ` +
        `Retry-After ${owner.lastResponse().headers.get('retry-after')} s, "${afterRestart.message}"`,
    );
    expect(afterRestart.data).toMatchObject({ code: 'TOO_MANY_REQUESTS', httpStatus: 429 });
    expect(afterRestart.data.retryAfterSeconds).toBeGreaterThan(LOGIN_WINDOW_MS / 1000 - 60);
    expect(afterRestart.message).toBe(tooManyLogInsMessage(afterRestart.data.retryAfterSeconds!));
    expect(owner.lastResponse().headers.get('retry-after')).toBe(String(afterRestart.data.retryAfterSeconds));
    expect((await owner.client.auth.me.query()).user).toBeNull();

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + LOGIN_WINDOW_MS + 1000);
    expect((await owner.client.auth.logIn.mutate({ email, password: PASSWORD })).user.email).toBe(email);
  });

  it('keeps refusing an address locked out for spraying passwords over many accounts', async () => {
    const attacker = visitor('10.75.66.66');
    for (let attempt = 0; attempt < LOGIN_FAILURES_PER_IP; attempt++) {
      await trpcError(
        attacker.client.auth.logIn.mutate({ email: `spray${attempt}@example.ng`, password: 'Lagos2024' }),
      );
    }
    const email = 'sade.sprayed@example.ng';
    await users.create(server.db, { email, fullName: 'Sade Bello', passwordHash, confirmed: true });

    await restartRedisEmpty();
    const refused = await trpcError(attacker.client.auth.logIn.mutate({ email, password: PASSWORD }));
    expect(refused.data.httpStatus).toBe(429);
    expect(attacker.lastResponse().headers.get('ratelimit-policy')).toBe(`"login-ip";q=${LOGIN_FAILURES_PER_IP};w=900`);
    // Another network is not affected.
    expect((await visitor().client.auth.logIn.mutate({ email, password: PASSWORD })).user.email).toBe(email);
  });
});
