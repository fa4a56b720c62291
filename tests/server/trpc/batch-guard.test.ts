import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_NOT_BATCHABLE_MESSAGE, batchTooLargeMessage } from '../../../shared/messages/auth-messages';
import { startTestServer } from '../../helpers/test-server';

const batch = (base: string, paths: string[]) =>
  fetch(`${base}/trpc/${paths.join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify({}))}`);
const postBatch = (base: string, paths: string[]) =>
  fetch(`${base}/trpc/${paths.join(',')}?batch=1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(
      Object.fromEntries(paths.map((_, index) => [index, { email: 'a@example.ng', password: 'whatever-123' }])),
    ),
  });

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
});

describe('TRPC_MAX_BATCH is configurable', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer({ env: { TRPC_MAX_BATCH: '3' } });
  });
  afterAll(() => server.close());

  it('refuses a fourth call', async () => {
    expect((await batch(server.baseUrl, Array(3).fill('health.check'))).status).toBe(200);
    const response = await batch(server.baseUrl, Array(4).fill('health.check'));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(batchTooLargeMessage(3));
  });
});
