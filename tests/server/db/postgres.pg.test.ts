/**
 * What only PostgreSQL needs checking (issue #16): migrations up and down in a schema of their own, the values the app
 * reads (numbers for counts, ISO text for times), e-mail without regard to case, the append-only history, and the
 * claims that must hold when two app nodes race (a pending bot reply or follow-up is taken by one transaction only).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { chat } from '../../../server/data/chat';
import { chatDesk } from '../../../server/data/chat-desk';
import { mailOutbox } from '../../../server/data/mail-outbox';
import { isUniqueViolation, users } from '../../../server/data/users';
import type { AppDatabase } from '../../../server/db/database';
import { engineOf } from '../../../server/db/dialect';
import { migrateDownAll, migrateToLatest } from '../../../server/db/migrate';
import { createApp } from '../../../server/app';
import { testServices } from '../../helpers/test-services';
import { openPostgres } from '../../../server/db/app-database';
import { loadEnv } from '../../../server/env';
import { createLogger } from '../../../server/logger';
import { SERVICE_BUSY_MESSAGE } from '../../../shared/messages/service-messages';
import { createPostgresTestDb, createTestDb } from '../../helpers/test-db';
import { listenOnEphemeralPort } from '../../helpers/test-server';
import { post, validInput } from '../trpc/routers/forms-fixtures';

const opened: AppDatabase[] = [];
const open = async () => {
  const db = await createTestDb();
  opened.push(db);
  return db;
};
afterEach(async () => {
  for (const db of opened.splice(0)) await db.destroy();
});

async function conversationWithMessage(db: AppDatabase) {
  const conversation = await chat.ensureConversation(db, { visitorKey: 'v:race', userId: null, page: '/' });
  await db.transaction().execute((trx) =>
    chat.insertMessageRow(trx, {
      conversationId: conversation.id,
      sender: 'user',
      message: 'Hello',
      clientId: 'c1',
      agentId: null,
    }),
  );
  return conversation.id;
}

/**
 * Two transactions on two connections claim the same row: the first holds its claim uncommitted while the second
 * tries, then commits. The second must come away empty-handed.
 */
async function race(db: AppDatabase, claim: (trx: AppDatabase) => Promise<boolean>) {
  let second: Promise<boolean> | undefined;
  const first = await db.transaction().execute(async (trx) => {
    const claimed = await claim(trx);
    second = db.transaction().execute((other) => claim(other));
    await sleep(200);
    return claimed;
  });
  return [first, await second!];
}

describe('PostgreSQL', () => {
  it('runs every migration up in its own schema, then every one down, leaving no table behind', async () => {
    const { db, schema } = await createPostgresTestDb();
    opened.push(db);
    expect(engineOf(db)).toBe('postgres');
    const tables = async () =>
      (
        await sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = ${schema} and table_name not like 'kysely_%'`.execute(
          db,
        )
      ).rows.map((row) => row.name);
    const up = await migrateToLatest(db);
    expect(up.every((result) => result.status === 'Success')).toBe(true);
    expect(await tables()).toContain('requests');
    const down = await migrateDownAll(db);
    expect(down.every((result) => result.status === 'Success')).toBe(true);
    expect(await tables()).toEqual([]);
  });

  it('gives counts and averages as numbers and created_at defaults as ISO-8601 UTC text', async () => {
    const db = await open();
    await sql`insert into newsletter_subscriptions (reference, email) values ('SUB-AAAAA', 'a@example.com')`.execute(
      db,
    );
    const row = await db
      .selectFrom('newsletter_subscriptions')
      .select((eb) => [eb.fn.countAll<number>().as('count'), sql<number>`avg(id)`.as('average')])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ count: 1, average: 1 });
    const { created_at } = await db
      .selectFrom('newsletter_subscriptions')
      .select('created_at')
      .executeTakeFirstOrThrow();
    expect(created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Math.abs(Date.parse(created_at) - Date.now())).toBeLessThan(60_000);
  });

  it('finds an account by e-mail whatever its case, and refuses a second spelling of it', async () => {
    const db = await open();
    await users.create(db, { email: 'Ada@Example.com', fullName: 'Ada', passwordHash: 'x' });
    expect((await users.findByEmail(db, 'ada@EXAMPLE.com'))?.full_name).toBe('Ada');
    const duplicate = await users.create(db, { email: 'ADA@example.com', fullName: 'Ada 2', passwordHash: 'x' }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(isUniqueViolation(duplicate)).toBe(true);
  });

  it('keeps request_events append-only: no delete, no update but blanking a body', async () => {
    const db = await open();
    await sql`insert into requests (reference, type, submission_id, full_name, email, subject, created_at, updated_at)
      values ('APT-AAAAA', 'appointment', 1, 'Ada', 'a@example.com', 'Check-up', 'now', 'now')`.execute(db);
    await sql`insert into request_events (request_id, actor_kind, kind, body, created_at)
      values (1, 'staff', 'note', 'private', 'now')`.execute(db);
    await expect(sql`delete from request_events`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`update request_events set kind = 'message'`.execute(db)).rejects.toThrow(/append-only/);
    await sql`update request_events set body = '[removed]'`.execute(db);
    const { rows } = await sql<{ body: string }>`select body from request_events`.execute(db);
    expect(rows).toEqual([{ body: '[removed]' }]);
  });

  it('lets one of two racing transactions take a pending bot reply', async () => {
    const db = await open();
    const conversationId = await conversationWithMessage(db);
    const pending = await db.transaction().execute((trx) => chat.owePendingReply(trx, conversationId));
    expect(pending).not.toBeNull();
    expect(await race(db, (trx) => chat.takePendingReply(trx, pending!.id))).toEqual([true, false]);
  });

  it('lets one of two racing transactions take an owed follow-up', async () => {
    const db = await open();
    const conversationId = await conversationWithMessage(db);
    const owed = await chatDesk.scheduleFollowUp(db, conversationId, new Date().toISOString());
    expect(owed).toBeDefined();
    expect(await race(db, (trx) => chatDesk.takeFollowUp(trx, owed!.id))).toEqual([true, false]);
  });

  it('owes one bot acknowledgement per waiting period when two nodes ask at once', async () => {
    const db = await open();
    const conversationId = await conversationWithMessage(db);
    const owed = await race(db, async (trx) => (await chat.owePendingReply(trx, conversationId)) !== null);
    expect(owed).toEqual([true, false]);
  });

  it('gives each due mail to one of two nodes claiming at once', async () => {
    const db = await open();
    const now = Date.now();
    for (let index = 0; index < 40; index++)
      await mailOutbox.insert(db, { to: `p${index}@example.com`, subject: 's', text: 't', html: 'h', kind: 'k' }, now);
    const [first, second] = await Promise.all([mailOutbox.claimDue(db, now, 30), mailOutbox.claimDue(db, now, 30)]);
    const ids = [...first, ...second].map((row) => row.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(await mailOutbox.claimDue(db, now, 30)).toEqual([]);
  });

  it('answers 503 with Retry-After, not 500, while PostgreSQL cannot be reached', async () => {
    // Port 1 on the loopback refuses at once: the server is down.
    const { db } = openPostgres('postgres://postgres@127.0.0.1:1/test', { poolSize: 2 });
    opened.push(db);
    const app = createApp(
      testServices({
        env: loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent' }),
        db,
        logger: createLogger('silent'),
      }),
      { version: 'test' },
    );
    const { baseUrl, closeServer } = await listenOnEphemeralPort(app);
    try {
      const health = await fetch(`${baseUrl}/healthz`);
      expect(health.status).toBe(503);
      const form = await post(baseUrl, 'subscribeNewsletter', validInput.subscribeNewsletter());
      expect(form.status).toBe(503);
      expect(form.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(form.json.error.message).toBe(SERVICE_BUSY_MESSAGE);
    } finally {
      await closeServer();
    }
  });
});
