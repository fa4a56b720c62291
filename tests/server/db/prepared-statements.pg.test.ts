/**
 * Named prepared statements on PostgreSQL (server/db/prepared-statements.ts, ADR 0056): what a connection prepares,
 * what it leaves unnamed, its bound, and a plan made stale by another node's migration, which must cost no request.
 * One connection per pool, so that pg_prepared_statements (a per-session view) shows what the pool's connection holds.
 */
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../server/db/database';
import { isTransactionConflict } from '../../../server/db/database-fault';
import { migrateToLatest } from '../../../server/db/migrate';
import { PREPARED_PER_CONNECTION } from '../../../server/db/prepared-statements';
import { createWriteBatcher } from '../../../server/db/write-batcher';
import { createPostgresTestDb } from '../../helpers/test-db';
import { adminQuery } from '../../helpers/test-postgres';

const opened: AppDatabase[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.destroy();
});

/** A migrated database whose pool has one connection, and its schema. */
async function oneConnection() {
  const { db, schema } = await createPostgresTestDb({ poolSize: 1 });
  opened.push(db);
  await migrateToLatest(db);
  return { db, schema };
}

const preparedTexts = async (db: AppDatabase) =>
  (
    await sql<{ statement: string }>`select statement from pg_prepared_statements order by prepare_time`.execute(db)
  ).rows.map((row) => row.statement);

/** Another node: its own connection, which changes a table under this one's prepared plans. */
const otherNode = adminQuery;

const subscription = (email: string) => ({ email, reference: `SUB-${email.split('@')[0]!.toUpperCase()}` });

describe('prepared statements', () => {
  it('prepares a statement with parameters the first time, and runs it by name afterwards', async () => {
    const { db } = await oneConnection();
    const byId = (id: number) => db.selectFrom('chat_conversations').selectAll().where('id', '=', id).execute();
    await byId(1);
    await byId(2);
    await byId(3);
    const texts = await preparedTexts(db);
    expect(texts.filter((text) => text.includes('from "chat_conversations" where "id" = $1'))).toHaveLength(1);
    const named = await sql<{ name: string }>`select name from pg_prepared_statements`.execute(db);
    expect(
      named.rows.every((row) => /^k\d+_[\w-]{20}$/.test(row.name)),
      JSON.stringify(named.rows),
    ).toBe(true);
  });

  it('leaves unnamed what has no parameters, lists that vary, several rows of values, and the migrations', async () => {
    const { db } = await oneConnection();
    // The migrations ran on this very connection.
    expect(await preparedTexts(db)).toEqual([]);
    await sql`select 1`.execute(db);
    await db.selectFrom('chat_conversations').select('id').where('id', 'in', [1, 2, 3]).execute();
    await db
      .insertInto('newsletter_subscriptions')
      .values([subscription('a@example.com'), subscription('b@example.com')])
      .execute();
    expect(await preparedTexts(db)).toEqual([]);
  });

  it(`prepares at most ${PREPARED_PER_CONNECTION} statements on a connection, and still runs the rest`, async () => {
    const { db } = await oneConnection();
    const answers: number[] = [];
    for (let index = 0; index <= PREPARED_PER_CONNECTION; index++) {
      const { rows } = await sql<{ sum: number }>`select ${index}::int + ${sql.lit(index)} as sum`.execute(db);
      answers.push(rows[0]!.sum);
    }
    expect(answers.at(-1)).toBe(2 * PREPARED_PER_CONNECTION);
    expect(await preparedTexts(db)).toHaveLength(PREPARED_PER_CONNECTION);
  });

  it("runs a read again at once when another node's migration made its plan stale", async () => {
    const { db, schema } = await oneConnection();
    await db.insertInto('newsletter_subscriptions').values(subscription('ada@example.com')).execute();
    const read = () =>
      db.selectFrom('newsletter_subscriptions').selectAll().where('email', '=', 'ada@example.com').executeTakeFirst();
    expect(await read()).not.toHaveProperty('source');

    await otherNode(`alter table "${schema}".newsletter_subscriptions add column source text not null default 'web'`);
    expect(await read()).toMatchObject({ email: 'ada@example.com', source: 'web' });
    expect(await read()).toMatchObject({ email: 'ada@example.com', source: 'web' });
  });

  it('runs a write batch again when a stale plan undid its transaction, and stores it once', async () => {
    const { db, schema } = await oneConnection();
    const writes = createWriteBatcher(db);
    let runs = 0;
    const store = (email: string) =>
      writes.run(async (trx) => {
        runs += 1;
        return trx
          .insertInto('newsletter_subscriptions')
          .values(subscription(email))
          .returningAll()
          .executeTakeFirstOrThrow();
      });
    await store('first@example.com');
    expect(runs).toBe(1);

    await otherNode(`alter table "${schema}".newsletter_subscriptions add column source text not null default 'web'`);
    expect(await store('second@example.com')).toMatchObject({ email: 'second@example.com', source: 'web' });
    // Refused once in its transaction (rolled back), then run again with a fresh plan.
    expect(runs).toBe(3);
    const emails = await db.selectFrom('newsletter_subscriptions').select('email').orderBy('email').execute();
    expect(emails.map((row) => row.email)).toEqual(['first@example.com', 'second@example.com']);
  });

  it('takes only a stale plan for a conflict, not any other unsupported feature (0A000)', () => {
    expect(isTransactionConflict({ code: '0A000', routine: 'RevalidateCachedQuery', message: 'translated' })).toBe(
      true,
    );
    expect(
      isTransactionConflict({ code: '0A000', routine: 'ExecInitLockRows', message: 'FOR UPDATE is not allowed' }),
    ).toBe(false);
  });
});
