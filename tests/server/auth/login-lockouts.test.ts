/**
 * The lock-outs kept in the database (issue #24, ADR 0035), on their own: which lock answers when an account and an
 * address are both locked, that the scope is part of what is locked, and that a limiter with attempts left writes
 * nothing. Written for the mutants the `limits` mutation group left alive (issue #25.3).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TRPCError } from '@trpc/server';
import { clearLockout, recordLockout, refuseWhileLockedOut } from '../../../server/auth/login-lockouts';
import type { AppDatabase } from '../../../server/db/database';
import type { RateLimiter, RateLimitResult } from '../../../server/http/rate-limiter';
import { createTestDb } from '../../helpers/test-db';

const START = Date.parse('2026-11-26T09:00:00Z');

/** A limiter whose next check answers `verdict`. */
const limiterAnswering = (verdict: RateLimitResult, limit: number): RateLimiter => ({
  hit: () => Promise.resolve(verdict),
  check: () => Promise.resolve(verdict),
  reset: () => Promise.resolve(),
  release: () => Promise.resolve(),
  policy: { limit, windowSeconds: 900 },
});
const refusing = (retryAfterSeconds: number, limit: number) =>
  limiterAnswering({ allowed: false, retryAfterSeconds, remaining: 0, policy: { limit, windowSeconds: 900 } }, limit);

/** What refuseWhileLockedOut answers: the headers it set and the wait it names, or null when it lets the call on. */
async function answer(db: AppDatabase, subjects: Parameters<typeof refuseWhileLockedOut>[1]) {
  const headers: Record<string, string> = {};
  const res = { setHeader: (name: string, value: string) => (headers[name] = value) } as never;
  try {
    await refuseWhileLockedOut({ db, res }, subjects, (seconds) => `wait ${seconds} s`);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(TRPCError);
    return { message: (error as TRPCError).message, headers };
  }
}

let db: AppDatabase;
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(START);
  db = await createTestDb();
});
afterEach(async () => {
  vi.useRealTimers();
  await db.destroy();
});

describe('lock-outs in the database', () => {
  it('answers with the lock that ends last, and names its limit, when the account and the address are both locked', async () => {
    const account = {
      scope: 'account' as const,
      key: 'ada@example.ng',
      limiter: refusing(600, 5),
      limitName: 'login-account',
    };
    const address = { scope: 'ip' as const, key: '203.0.113.9', limiter: refusing(1800, 20), limitName: 'login-ip' };
    await recordLockout({ db }, account);
    await recordLockout({ db }, address);

    // Either order of the subjects: the address's lock (30 min) ends after the account's (10 min).
    for (const subjects of [
      [account, address],
      [address, account],
    ]) {
      expect(await answer(db, subjects)).toEqual({
        message: 'wait 1800 s',
        headers: {
          'Retry-After': '1800',
          'RateLimit-Policy': '"login-ip";q=20;w=900',
          RateLimit: '"login-ip";r=0;t=1800',
        },
      });
    }

    // 20 min later only the address is still locked: 10 min left, rounded up to whole seconds.
    vi.setSystemTime(START + 20 * 60_000 - 500);
    expect((await answer(db, [account, address]))?.headers['Retry-After']).toBe('601');
    // At its end nothing is locked.
    vi.setSystemTime(START + 30 * 60_000);
    expect(await answer(db, [account, address])).toBeNull();
  });

  it('locks the subject of its scope only: an account locked under a key does not lock an address with that key', async () => {
    const key = 'same-key';
    await recordLockout({ db }, { scope: 'account', key, limiter: refusing(600, 5), limitName: 'login-account' });
    const sameKeyAddress = { scope: 'ip' as const, key, limiter: refusing(600, 20), limitName: 'login-ip' };
    expect(await answer(db, [sameKeyAddress])).toBeNull();
    expect(
      await answer(db, [{ scope: 'account', key, limiter: refusing(600, 5), limitName: 'login-account' }]),
    ).not.toBeNull();
  });

  it('writes no lock while the limiter still allows an attempt, and a cleared lock lets the next attempt through', async () => {
    const allowing = limiterAnswering({ allowed: true, remaining: 1 }, 5);
    const subject = {
      scope: 'account' as const,
      key: 'bola@example.ng',
      limiter: allowing,
      limitName: 'login-account',
    };
    await recordLockout({ db }, subject);
    expect(await answer(db, [subject])).toBeNull();

    const locked = { ...subject, limiter: refusing(600, 5) };
    await recordLockout({ db }, locked);
    expect(await answer(db, [locked])).not.toBeNull();
    await clearLockout({ db }, 'account', 'bola@example.ng');
    expect(await answer(db, [locked])).toBeNull();
  });
});
