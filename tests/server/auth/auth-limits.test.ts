/**
 * The account limits by name (issue #25). With REDIS_URL each limit counts under `<prefix>rl:<name>:`, the key every
 * node (and a node still on the previous release, during a rolling deploy) reads and writes, and a limit that loses
 * Redis, or gets it back, names itself in the log. Without Redis the windows move with the system clock.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_WINDOW_MS,
  createAuthLimits,
  type AuthLimits,
} from '../../../server/auth/auth-limits';
import { redisRateLimiters } from '../../../server/http/rate-limiter';
import type { LogFields } from '../../../server/logger';
import type { RedisClients } from '../../../server/redis/redis-clients';
import { dropRedisKeys, requireRedis, testRedisClients, testRedisPrefix } from '../../helpers/redis';
import { silentLogger } from '../../helpers/silent-logger';

/** Each limit and the name it is kept and logged under, written out: a renamed limit loses its counts on a deploy. */
const NAMES: Record<keyof AuthLimits, string> = {
  loginAccount: 'login-account',
  loginIp: 'login-ip',
  signUpIp: 'signup-ip',
  resetRequestIp: 'reset-request-ip',
  mailAddress: 'mail-address',
};
const limitsInOrder = Object.entries(NAMES) as [keyof AuthLimits, string][];

const prefix = testRedisPrefix();
const nodes: RedisClients[] = [];

beforeAll(requireRedis);
afterEach(() => vi.useRealTimers());
afterAll(async () => {
  await Promise.all(nodes.map((node) => node.quit()));
  await dropRedisKeys(prefix);
});

async function node() {
  const clients = await testRedisClients(prefix);
  nodes.push(clients);
  return clients;
}

describe('the account limits kept in Redis', () => {
  it('count each limit under its own name', async () => {
    const { commands, prefix: keyPrefix } = await node();
    const limits = createAuthLimits(redisRateLimiters(commands, keyPrefix, silentLogger));
    for (const [limit] of limitsInOrder) await limits[limit].hit('203.0.113.7');
    for (const [, name] of limitsInOrder) expect(await commands.zcard(`${keyPrefix}rl:${name}:203.0.113.7`)).toBe(1);
  });

  it('name the limit in the log when Redis stops answering and when it answers again', async () => {
    const { commands, prefix: keyPrefix } = await node();
    const lines: { level: string; message: string; limit: unknown; err: unknown }[] = [];
    const record = (level: string) => (message: string, fields?: LogFields) =>
      lines.push({ level, message, limit: fields?.limit, err: fields?.err });
    const limits = createAuthLimits(
      redisRateLimiters(commands, keyPrefix, { info: record('info'), error: record('error') }),
    );

    const ended = new Promise((resolve) => commands.once('end', resolve));
    commands.disconnect();
    await ended;
    for (const [limit] of limitsInOrder) expect((await limits[limit].hit('198.51.100.4')).allowed).toBe(true);
    await commands.connect();
    // Twice each: the first answer from Redis says so, the second has nothing new to tell.
    for (const [limit] of limitsInOrder) expect((await limits[limit].hit('198.51.100.4')).allowed).toBe(true);
    for (const [limit] of limitsInOrder) await limits[limit].check('198.51.100.4');

    expect(lines).toEqual([
      ...limitsInOrder.map(([, name]) => ({
        level: 'error',
        message: 'rate limits: Redis not answering, counting on this node alone',
        limit: name,
        err: expect.any(Error),
      })),
      ...limitsInOrder.map(([, name]) => ({
        level: 'info',
        message: 'rate limits: Redis answering again',
        limit: name,
        err: undefined,
      })),
    ]);
  });
});

describe('the account limits kept in memory', () => {
  it('move with the system clock: an account locked by its failures is let in when the window has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-04-07T10:00:00.000Z') });
    const { loginAccount } = createAuthLimits();
    for (let failure = 0; failure < LOGIN_FAILURES_PER_ACCOUNT; failure++) await loginAccount.hit('account');
    expect(await loginAccount.check('account')).toMatchObject({ allowed: false, retryAfterSeconds: 900 });
    vi.advanceTimersByTime(LOGIN_WINDOW_MS - 1000);
    expect(await loginAccount.check('account')).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
    vi.advanceTimersByTime(1000);
    expect(await loginAccount.check('account')).toEqual({ allowed: true, remaining: LOGIN_FAILURES_PER_ACCOUNT });
  });
});
