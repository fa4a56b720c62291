import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../../server/auth/password';
import { users } from '../../../server/data/users';
import { createHttpClient, trpcError } from '../../helpers/auth-http';
import { median } from '../../helpers/median';
import { startTestServer } from '../../helpers/test-server';

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: '1' } });
  await users.create(server.db, {
    email: 'timing@example.ng',
    fullName: 'Timing',
    passwordHash: await hashPassword('Eba-and-egusi-77'),
    confirmed: true,
  });
});
afterAll(() => server.close());

describe('log-in cost (argon2id m=19456, t=2, p=1), over HTTP', () => {
  it('a successful log-in takes well under a second (median of 20); unknown addresses cost the same as wrong passwords', async () => {
    const timings = { success: [] as number[], wrongPassword: [] as number[], unknownAddress: [] as number[] };
    for (let run = 0; run < 20; run++) {
      const visitor = createHttpClient(server.baseUrl, { headers: { 'x-forwarded-for': `10.1.${run}.1` } });
      let started = performance.now();
      await visitor.client.auth.logIn.mutate({ email: 'timing@example.ng', password: 'Eba-and-egusi-77' });
      timings.success.push(performance.now() - started);
      started = performance.now();
      await trpcError(
        createHttpClient(server.baseUrl, { headers: { 'x-forwarded-for': `10.2.${run}.1` } }).client.auth.logIn.mutate({
          email: `nobody${run}@example.ng`,
          password: 'Eba-and-egusi-77',
        }),
      );
      timings.unknownAddress.push(performance.now() - started);
      if (run % 4 === 0) {
        // Stay under the per-account limit (5 failures in 15 minutes).
        started = performance.now();
        await trpcError(
          createHttpClient(server.baseUrl, {
            headers: { 'x-forwarded-for': `10.3.${run}.1` },
          }).client.auth.logIn.mutate({ email: 'timing@example.ng', password: 'wrong-password' }),
        );
        timings.wrongPassword.push(performance.now() - started);
      }
    }
    const result = Object.fromEntries(
      Object.entries(timings).map(([key, values]) => [key, Math.round(median(values) * 10) / 10]),
    );
    console.info(`log-in median ms: ${JSON.stringify(result)}`);
    expect(result.success).toBeLessThan(500);
    expect(result.unknownAddress! / result.wrongPassword!).toBeGreaterThan(0.6);
    expect(result.unknownAddress! / result.wrongPassword!).toBeLessThan(1.6);
  });
});
