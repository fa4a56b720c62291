/**
 * Issue #11: the per-account log-in limit must hold for calls in flight together. A spy on the
 * password check counts how many of 600 concurrent wrong attempts reach it (target: at most 5).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOGIN_FAILURES_PER_ACCOUNT, LOGIN_WINDOW_MS, SIGNUPS_PER_IP } from '../../../server/auth/auth-limits';
import { createPasswordHasher } from '../../../server/auth/password-hasher';
import { hashPassword, verifyPassword } from '../../../server/auth/password';
import { users } from '../../../server/data/users';
import { loadEnv } from '../../../server/env';
import { createLogger } from '../../../server/logger';
import { createInnerContext } from '../../../server/trpc/context';
import { testServices } from '../../helpers/test-services';
import { appRouter } from '../../../server/trpc/router';
import { createCallerFactory } from '../../../server/trpc/trpc';
import { createHttpClient, trpcError } from '../../helpers/auth-http';
import { createTestDb } from '../../helpers/test-db';
import { startTestServer } from '../../helpers/test-server';

const PASSWORD = 'Suya-at-midnight-31';
const ATTEMPTS = 600;
const createCaller = createCallerFactory(appRouter);

/** A hasher whose password check is counted (the real argon2 underneath). */
function countingHasher() {
  const counter = { checks: 0 };
  const passwords = createPasswordHasher({
    maxQueued: ATTEMPTS,
    verify: (hash, password) => {
      counter.checks += 1;
      return verifyPassword(hash, password);
    },
  });
  return { counter, passwords };
}

let passwordHash: string;
beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD);
});

afterEach(() => {
  vi.useRealTimers();
});

describe(`${ATTEMPTS} concurrent wrong log-ins for one account`, () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const spy = countingHasher();
  beforeAll(async () => {
    server = await startTestServer({ env: { TRUST_PROXY: '1' }, deps: { passwords: spy.passwords } });
    await users.create(server.db, { email: 'kemi@example.ng', fullName: 'Kemi Bello', passwordHash, confirmed: true });
  });
  afterAll(() => server.close());

  it(`as parallel HTTP requests from ${ATTEMPTS} addresses: at most ${LOGIN_FAILURES_PER_ACCOUNT} reach the password check; the owner logs in after the cool-down`, async () => {
    spy.counter.checks = 0;
    const results = await Promise.all(
      Array.from({ length: ATTEMPTS }, (_, index) =>
        trpcError(
          createHttpClient(server.baseUrl, {
            headers: { 'x-forwarded-for': `10.9.${Math.floor(index / 250)}.${index % 250}` },
          }).client.auth.logIn.mutate({
            email: 'kemi@example.ng',
            password: `wrong-${index}`,
          }),
        ),
      ),
    );
    const statuses = results.map((result) => result.data.httpStatus);
    console.info(
      `parallel HTTP: ${spy.counter.checks} of ${ATTEMPTS} reached the password check; 401: ${statuses.filter((s) => s === 401).length}, 429: ${statuses.filter((s) => s === 429).length}`,
    );
    expect(spy.counter.checks).toBeLessThanOrEqual(LOGIN_FAILURES_PER_ACCOUNT);
    expect(statuses.filter((status) => status === 401)).toHaveLength(LOGIN_FAILURES_PER_ACCOUNT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(ATTEMPTS - LOGIN_FAILURES_PER_ACCOUNT);

    // The right password is refused during the cool-down, and not checked either.
    const owner = createHttpClient(server.baseUrl, { headers: { 'x-forwarded-for': '10.8.0.1' } });
    expect(
      (await trpcError(owner.client.auth.logIn.mutate({ email: 'kemi@example.ng', password: PASSWORD }))).data
        .httpStatus,
    ).toBe(429);
    expect(spy.counter.checks).toBeLessThanOrEqual(LOGIN_FAILURES_PER_ACCOUNT);

    const lockouts = await server.db
      .selectFrom('audit_events')
      .selectAll()
      .where('type', '=', 'login.lockout')
      .execute();
    expect(lockouts).toHaveLength(1);
    expect(lockouts[0]).toMatchObject({
      masked_email: 'k***@example.ng',
      detail: JSON.stringify({ scope: 'account' }),
    });

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + LOGIN_WINDOW_MS + 1000);
    expect((await owner.client.auth.logIn.mutate({ email: 'kemi@example.ng', password: PASSWORD })).user.email).toBe(
      'kemi@example.ng',
    );
  });

  it(`as one batched request (POST /trpc/auth.logIn,…?batch=1 with ${ATTEMPTS - 1} calls): refused with 400 before any password check`, async () => {
    spy.counter.checks = 0;
    const paths = Array.from({ length: ATTEMPTS - 1 }, () => 'auth.logIn').join(',');
    const body = Object.fromEntries(
      Array.from({ length: ATTEMPTS - 1 }, (_, index) => [
        index,
        { email: 'kemi@example.ng', password: `batch-${index}` },
      ]),
    );
    const response = await fetch(`${server.baseUrl}/trpc/${paths}?batch=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(400);
    console.info(
      `batched HTTP: ${spy.counter.checks} of ${ATTEMPTS - 1} reached the password check (status ${response.status})`,
    );
    expect(spy.counter.checks).toBe(0);
  });
});

describe('the limits hold when the calls of one request run together (what a tRPC batch does inside the server)', () => {
  it(`${ATTEMPTS} wrong log-ins started in one tick on one context: at most ${LOGIN_FAILURES_PER_ACCOUNT} reach the password check`, async () => {
    const db = await createTestDb();
    const spy = countingHasher();
    await users.create(db, { email: 'tobi@example.ng', fullName: 'Tobi Ade', passwordHash, confirmed: true });
    const caller = createCaller(
      createInnerContext(
        testServices({
          db,
          env: loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
          logger: createLogger('silent'),
          passwords: spy.passwords,
        }),
      ),
    );
    const outcomes = await Promise.allSettled(
      Array.from({ length: ATTEMPTS }, (_, index) =>
        caller.auth.logIn({ email: 'tobi@example.ng', password: `wrong-${index}` }),
      ),
    );
    const codes = outcomes.map((outcome) =>
      outcome.status === 'rejected' ? (outcome.reason as { code: string }).code : 'OK',
    );
    console.info(`batched (one tick, one context): ${spy.counter.checks} of ${ATTEMPTS} reached the password check`);
    expect(spy.counter.checks).toBeLessThanOrEqual(LOGIN_FAILURES_PER_ACCOUNT);
    expect(codes.filter((code) => code === 'TOO_MANY_REQUESTS').length).toBeGreaterThanOrEqual(
      ATTEMPTS - LOGIN_FAILURES_PER_ACCOUNT,
    );
    await db.destroy();
  });
});

describe('sign-up and e-mail limits under concurrency', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer({
      env: { TRUST_PROXY: '1' },
      deps: { passwords: createPasswordHasher({ maxQueued: 100, hash: () => Promise.resolve(passwordHash) }) },
    });
  });
  afterAll(() => server.close());

  it(`${SIGNUPS_PER_IP + 10} parallel sign-ups from one address: exactly ${SIGNUPS_PER_IP} are let through`, async () => {
    const outcomes = await Promise.allSettled(
      Array.from({ length: SIGNUPS_PER_IP + 10 }, (_, index) =>
        createHttpClient(server.baseUrl, { headers: { 'x-forwarded-for': '10.7.0.1' } }).client.auth.signUp.mutate({
          fullName: 'Bola Ige',
          email: `bola${index}@example.ng`,
          password: PASSWORD,
        }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(SIGNUPS_PER_IP);
  });

  it('10 parallel reset requests for one address: one e-mail, nine 429s', async () => {
    await users.create(server.db, { email: 'uche@example.ng', fullName: 'Uche Obi', passwordHash, confirmed: true });
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        createHttpClient(server.baseUrl, { headers: { 'x-forwarded-for': `10.6.0.${index + 1}` } })
          .client.auth.requestPasswordReset.mutate({ email: 'uche@example.ng' })
          .then(() => 200)
          .catch((error: { data?: { httpStatus: number } }) => error.data?.httpStatus),
      ),
    );
    expect(outcomes.filter((status) => status === 200)).toHaveLength(1);
    expect(outcomes.filter((status) => status === 429)).toHaveLength(9);
    expect(
      await server.db.selectFrom('email_tokens').selectAll().where('kind', '=', 'reset_password').execute(),
    ).toHaveLength(1);
  });
});
