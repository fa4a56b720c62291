/**
 * Issue #24: /healthz said `"database":"ok"` while the database was full and large writes got 503. A full disk does
 * not fail the health check's read, so the node remembers the writes that failed for lack of space.
 * SQLite: PRAGMA max_page_count caps the file at its size. PostgreSQL: a trigger raises the server's own disk-full
 * error (SQLSTATE 53100) for large rows, as a full disk does to large writes first.
 */
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FULL_REPORT_MS } from '../../server/db/database-health';
import { failInserts, testEngine } from '../helpers/test-db';
import { post, startFormsServer, validInput } from './trpc/routers/forms-fixtures';

/** /healthz's text queue (issue #27.7), empty in these tests. */
const noMessages = { queued: 0, oldestSeconds: 0 };

let server: Awaited<ReturnType<typeof startFormsServer>>;

beforeAll(async () => {
  server = await startFormsServer({ RATE_LIMIT_FORMS_PER_MINUTE: '10000' });
});
afterAll(() => server.close());
afterEach(() => {
  vi.useRealTimers();
});

/** Leaves room for small rows only; resolves with the function that gives the space back. */
async function fillTheDatabase(): Promise<() => Promise<void>> {
  if (testEngine === 'sqlite') {
    const sqlite = server.sqlite!;
    sqlite.pragma(`max_page_count = ${Number(sqlite.pragma('page_count', { simple: true }))}`);
    return () => Promise.resolve(void sqlite.pragma('max_page_count = 1073741823'));
  }
  return failInserts(server.db, 'job_applications', {
    message: 'could not extend file: No space left on device',
    sqlState: '53100',
    when: 'length(new.cover_letter) > 2000',
  });
}

const health = async () => {
  const response = await fetch(`${server.baseUrl}/healthz`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe('/healthz on a full database', () => {
  it("says database 'full' with 503 once a write failed for lack of space, and ok once none has failed for a while", async () => {
    expect(await health()).toMatchObject({ status: 200, body: { database: 'ok' } });
    const giveSpaceBack = await fillTheDatabase();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 40 && !statuses.includes(503); attempt++) {
      const response = await post(server.baseUrl, 'submitJobApplication', {
        ...validInput.submitJobApplication(),
        coverLetter: 'x'.repeat(4000),
      });
      statuses.push(response.status);
    }
    expect(statuses).toContain(503);
    // Reads still work: the health check's query alone would say ok.
    await sql`select 1`.execute(server.db);

    expect(await health()).toEqual({
      status: 503,
      body: { status: 'unavailable', version: 'test', database: 'full', messages: noMessages },
    });

    await giveSpaceBack();
    expect((await post(server.baseUrl, 'submitJobApplication', validInput.submitJobApplication())).status).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + FULL_REPORT_MS + 1000);
    expect(await health()).toEqual({
      status: 200,
      body: { status: 'ok', version: 'test', database: 'ok', messages: noMessages },
    });
  }, 30_000);
});
