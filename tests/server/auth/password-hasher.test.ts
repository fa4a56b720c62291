import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HASH_BUSY_RETRY_AFTER_SECONDS,
  HashingBusyError,
  createPasswordHasher,
} from '../../../server/auth/password-hasher';
import { users } from '../../../server/data/users';
import { AUTH_BUSY_MESSAGE } from '../../../shared/messages/auth-messages';
import { createHttpClient, trpcError } from '../../helpers/auth-http';
import { startTestServer } from '../../helpers/test-server';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('createPasswordHasher (bounded queue)', () => {
  it('never runs more than `concurrency` checks at once and refuses at once beyond the queue bound', async () => {
    let running = 0;
    let peak = 0;
    const hasher = createPasswordHasher({
      concurrency: 2,
      maxQueued: 3,
      verify: async () => {
        running += 1;
        peak = Math.max(peak, running);
        await sleep(30);
        running -= 1;
        return true;
      },
    });
    const outcomes = await Promise.allSettled(Array.from({ length: 8 }, () => hasher.verify('hash', 'pw')));
    expect(peak).toBe(2);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(5);
    const refused = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    expect(refused).toHaveLength(3);
    for (const outcome of refused) expect(outcome.reason).toBeInstanceOf(HashingBusyError);
    expect(hasher.stats()).toMatchObject({ running: 0, queued: 0, refused: 3 });
    // Drained: new work is accepted again.
    expect(await hasher.verify('hash', 'pw')).toBe(true);
  });

  it('frees the slot when a check throws', async () => {
    const hasher = createPasswordHasher({
      concurrency: 1,
      maxQueued: 0,
      verify: async () => Promise.reject(new Error('boom')),
    });
    await expect(hasher.verify('h', 'p')).rejects.toThrow('boom');
    await expect(hasher.verify('h', 'p')).rejects.toThrow('boom');
    expect(hasher.stats().running).toBe(0);
  });
});

describe('a full hashing queue answers 503 with Retry-After', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    const slowVerify = async () => {
      await sleep(300);
      return false;
    };
    server = await startTestServer({
      env: { TRUST_PROXY: '1' },
      deps: { passwords: createPasswordHasher({ concurrency: 1, maxQueued: 1, verify: slowVerify }) },
    });
    await users.create(server.db, {
      email: 'femi@example.ng',
      fullName: 'Femi Kuti',
      passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA',
      confirmed: true,
    });
  });
  afterAll(() => server.close());

  it('refuses the overflow fast with the shared message, and the refused attempts do not count toward the log-in limit', async () => {
    const clients = Array.from({ length: 4 }, (_, index) =>
      createHttpClient(server.baseUrl, { headers: { 'x-forwarded-for': `10.5.0.${index + 1}` } }),
    );
    const started = performance.now();
    const results = await Promise.all(
      clients.map((visitor) =>
        trpcError(visitor.client.auth.logIn.mutate({ email: 'femi@example.ng', password: 'wrong-one-1' })).then(
          (error) => ({ error, at: performance.now() - started, visitor }),
        ),
      ),
    );
    const busy = results.filter((result) => result.error.data.httpStatus === 503);
    expect(busy).toHaveLength(2);
    for (const result of busy) {
      expect(result.error.message).toBe(AUTH_BUSY_MESSAGE);
      expect(result.error.data.retryAfterSeconds).toBe(HASH_BUSY_RETRY_AFTER_SECONDS);
      expect(result.visitor.lastResponse().headers.get('retry-after')).toBe(String(HASH_BUSY_RETRY_AFTER_SECONDS));
    }
    const checked = results.filter((result) => result.error.data.httpStatus === 401);
    expect(checked).toHaveLength(2);
    // Refused without waiting for the queue: before even the first check (300 ms) is done.
    expect(Math.max(...busy.map((result) => result.at))).toBeLessThan(Math.min(...checked.map((result) => result.at)));
    // 2 failures counted, not 4: three more wrong attempts are still checked (401), the next is 429.
    for (let attempt = 0; attempt < 3; attempt++) {
      expect(
        (await trpcError(clients[0]!.client.auth.logIn.mutate({ email: 'femi@example.ng', password: 'wrong-two-2' })))
          .data.httpStatus,
      ).toBe(401);
    }
    expect(
      (await trpcError(clients[0]!.client.auth.logIn.mutate({ email: 'femi@example.ng', password: 'wrong-two-2' })))
        .data.httpStatus,
    ).toBe(429);
  });
});
