import { initTRPC } from '@trpc/server';
import express from 'express';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_NOT_BATCHABLE_MESSAGE, batchTooLargeMessage } from '../../../shared/messages/auth-messages';
import { MALFORMED_PATH_MESSAGE, batchGuard } from '../../../server/trpc/batch-guard';
import { jsonBodyGuard } from '../../../server/http/json-body-guard';
import { listenOnEphemeralPort, startTestServer } from '../../helpers/test-server';

const batch = (base: string, paths: string[]) =>
  fetch(`${base}/trpc/${paths.join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify({}))}`);
const postBatch = (base: string, paths: string[], separator = ',') =>
  fetch(`${base}/trpc/${paths.join(separator)}?batch=1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(
      Object.fromEntries(paths.map((_, index) => [index, { email: 'a@example.ng', password: 'whatever-123' }])),
    ),
  });
const messageOf = async (response: Response) =>
  ((await response.json()) as { error: { message: string } }).error.message;

describe('tRPC batch guard (default TRPC_MAX_BATCH=10)', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('lets a batch of 10 calls through', async () => {
    const response = await batch(server.baseUrl, Array(10).fill('health.check'));
    expect(response.status).toBe(200);
    expect(await response.json()).toHaveLength(10);
  });

  it('refuses 11 calls with 400 and a message the client can show', async () => {
    const response = await batch(server.baseUrl, Array(11).fill('health.check'));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(batchTooLargeMessage(10));
  });

  it('refuses any account mutation in a batch, even a small one; a single call still works', async () => {
    for (const paths of [
      ['auth.logIn', 'auth.logIn'],
      ['health.check', 'auth.signUp'],
      ['auth.logOut', 'auth.me'],
    ]) {
      const response = await postBatch(server.baseUrl, paths);
      expect(response.status, paths.join(',')).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
        AUTH_NOT_BATCHABLE_MESSAGE,
      );
    }
    // Queries of the auth router may share a batch.
    expect((await batch(server.baseUrl, ['auth.me', 'health.check'])).status).toBe(200);
    const single = await postBatch(server.baseUrl, ['auth.logIn']);
    expect(single.status).toBe(401);
  });

  // Issue #24.1: tRPC decodes the path before splitting it on commas, so %2C separates calls too.
  it('counts calls separated by an encoded comma: 1,000 auth.me calls run none', async () => {
    for (const separator of ['%2C', '%2c']) {
      const response = await fetch(`${server.baseUrl}/trpc/${Array(1000).fill('auth.me').join(separator)}?batch=1`);
      expect(response.status, separator).toBe(400);
      expect(await messageOf(response)).toBe(batchTooLargeMessage(10));
    }
  });

  it('refuses account mutations in a batch however the commas are written', async () => {
    for (const separator of ['%2C', '%2c', ',%2C']) {
      const response = await postBatch(server.baseUrl, ['auth.logIn', 'auth.logIn'], separator);
      expect(response.status, separator).toBe(400);
      expect(await messageOf(response)).toBe(AUTH_NOT_BATCHABLE_MESSAGE);
    }
    // A segment before a `/` does not hide the procedure (the stock adapter runs what follows the last `/`).
    const hidden = await postBatch(server.baseUrl, ['health.check', 'x%2Fauth.logIn']);
    expect(hidden.status).toBe(400);
  });

  it('runs no password reset and writes no audit row for an encoded-comma batch of resets', async () => {
    const paths = Array(5).fill('auth.requestPasswordReset');
    const response = await fetch(`${server.baseUrl}/trpc/${paths.join('%2C')}?batch=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(Object.fromEntries(paths.map((_, index) => [index, { email: `r${index}@example.ng` }]))),
    });
    expect(response.status).toBe(400);
    const audit = await server.db
      .selectFrom('audit_events')
      .where('type', '=', 'password.reset_requested')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(audit.count)).toBe(0);
  });
});

describe('the batch guard on its own', () => {
  const guard = batchGuard({ maxCalls: 10, unbatchable: new Set(['auth.logIn']) });
  const run = (path: string) => {
    let status = 0;
    let body: unknown;
    let passed = false;
    const res = {
      status(code: number) {
        status = code;
        return res;
      },
      json(value: unknown) {
        body = value;
        return res;
      },
    };
    guard({ path } as express.Request, res as unknown as express.Response, () => (passed = true));
    return { status, body, passed };
  };

  it('answers 400 for malformed escapes instead of passing them to tRPC', () => {
    for (const path of ['/auth.me%2Cauth.me%E0%A4', '/auth.me%ZZ']) {
      const result = run(path);
      expect(result.passed, path).toBe(false);
      expect(result.status).toBe(400);
      expect((result.body as { error: { message: string } }).error.message).toBe(MALFORMED_PATH_MESSAGE);
    }
    expect(run('/health.check').passed).toBe(true);
  });
});

describe('tRPC enforces the same limit behind the guard', () => {
  it('refuses a batch over maxBatchSize in tRPC’s Express adapter itself', async () => {
    const t = initTRPC.create();
    const app = express();
    app.use(
      '/trpc',
      jsonBodyGuard,
      createExpressMiddleware({
        router: t.router({ ping: t.procedure.query(() => 'pong') }),
        maxBatchSize: 2,
        createContext: () => Promise.resolve({}),
      }),
    );
    const { baseUrl, closeServer } = await listenOnEphemeralPort(app);
    try {
      expect((await batch(baseUrl, ['ping', 'ping'])).status).toBe(200);
      expect((await batch(baseUrl, ['ping', 'ping', 'ping'])).status).toBe(400);
      expect((await batch(baseUrl, ['ping', 'ping', 'ping'].map(encodeURIComponent))).status).toBe(400);
    } finally {
      await closeServer();
    }
  });
});
