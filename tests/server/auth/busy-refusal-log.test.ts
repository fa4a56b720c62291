/**
 * Issue #24: in a burst of log-ins most were refused by the full hashing queue (503), and each refusal was logged at
 * error level. A busy-queue refusal is expected under load: one warn line per second with the count.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPasswordHasher } from '../../../server/auth/password-hasher';
import { createLogger } from '../../../server/logger';
import { createHttpClient, trpcError } from '../../helpers/auth-http';
import { startTestServer } from '../../helpers/test-server';

const ATTEMPTS = 40;
type Line = { level: string; msg: string; refused?: number; res?: { status: number } };
const lines: Line[] = [];
let releaseChecks: () => void = () => undefined;
const checksHeld = new Promise<void>((resolve) => (releaseChecks = resolve));
let server: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  // One check at a time and one waiting, held until the burst is in: every other log-in meets a full queue.
  const passwords = createPasswordHasher({
    concurrency: 1,
    maxQueued: 1,
    verify: async () => {
      await checksHeld;
      return false;
    },
  });
  const logger = createLogger('info', (line) => void lines.push(JSON.parse(line) as Line));
  server = await startTestServer({ env: { TRUST_PROXY: '1' }, deps: { logger, passwords } });
});
afterAll(() => server.close());

describe('log-ins refused by the full hashing queue', () => {
  it('are logged as a count on one warn line per second, and no request is logged at error level', async () => {
    const burst = Array.from({ length: ATTEMPTS }, (_, index) =>
      trpcError(
        createHttpClient(server.baseUrl, {
          headers: { 'x-forwarded-for': `10.24.0.${index + 1}` },
        }).client.auth.logIn.mutate({ email: `visitor${index}@example.ng`, password: 'Not-the-password-1' }),
      ),
    );
    // Everyone but the two the queue holds has been answered 503 before the checks go on.
    await vi.waitFor(() => expect(lines.filter((line) => line.res?.status === 503)).toHaveLength(ATTEMPTS - 2), {
      timeout: 15_000,
    });
    releaseChecks();
    const statuses = (await Promise.all(burst)).map((result) => result.data.httpStatus);
    expect(statuses.filter((status) => status === 401)).toHaveLength(2);
    const refusals = statuses.filter((status) => status === 503).length;
    expect(refusals).toBe(ATTEMPTS - 2);

    const counted = () => lines.filter((line) => line.msg === 'password hashing queue full: log-ins refused');
    await vi.waitFor(() => expect(counted().reduce((sum, line) => sum + (line.refused ?? 0), 0)).toBe(refusals), {
      timeout: 5000,
    });
    expect(counted().every((line) => line.level === 'warn')).toBe(true);
    // A count per second, not a line per refusal.
    expect(counted().length).toBeLessThan(refusals);
    expect(lines.filter((line) => line.level === 'error')).toEqual([]);
  }, 30_000);
});
