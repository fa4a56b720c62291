import { sql, type LogEvent } from 'kysely';
import { describe, expect, it } from 'vitest';
import { writeLanesFor } from '../../../server/db/app-database';
import { DatabaseFault } from '../../../server/db/database-fault';
import { createWriteBatcher, laneOf } from '../../../server/db/write-batcher';
import { chat } from '../../../server/data/chat';
import { createTestDb, testEngine } from '../../helpers/test-db';

describe('createWriteBatcher (group commit)', () => {
  it('rolls a failing write back whole (savepoint) while its neighbours in the same batch commit', async () => {
    const db = await createTestDb();
    const writes = createWriteBatcher(db);
    const insert = (email: string) =>
      writes.run((trx) =>
        trx
          .insertInto('newsletter_subscriptions')
          .values({ email, reference: `SUB-${email.slice(0, 5).toUpperCase()}` })
          .execute(),
      );
    const results = await Promise.allSettled([
      insert('first@example.com'),
      writes.run(async (trx) => {
        await trx
          .insertInto('newsletter_subscriptions')
          .values({ email: 'half@example.com', reference: 'SUB-HALF2' })
          .execute();
        throw new Error('second statement failed');
      }),
      insert('third@example.com'),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const emails = (
      await sql<{ email: string }>`select email from newsletter_subscriptions order by email`.execute(db)
    ).rows.map((row) => row.email);
    expect(emails).toEqual(['first@example.com', 'third@example.com']);
    await db.destroy();
  });

  it('commits writes that arrive together in one transaction, and a failing write fails alone', async () => {
    const db = await createTestDb();
    const writes = createWriteBatcher(db);
    const conversation = await writes.run((trx) =>
      chat.ensureConversation(trx, { visitorKey: 'v:test', userId: null, page: '/' }),
    );
    const insert = (clientId: string, message: string) =>
      writes.run((trx) =>
        chat.insertMessageRow(trx, {
          conversationId: conversation.id,
          sender: 'user',
          message,
          clientId,
          agentId: null,
        }),
      );
    const results = await Promise.allSettled([
      insert('11111111-1111-4111-8111-111111111111', 'one'),
      insert('22222222-2222-4222-8222-222222222222', 'two'),
      insert('11111111-1111-4111-8111-111111111111', 'duplicate'),
      insert('33333333-3333-4333-8333-333333333333', 'three'),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    const stored = await db.selectFrom('chat_messages').select('message').orderBy('id').execute();
    expect(stored.map((row) => row.message)).toEqual(['one', 'two', 'three']);
    await db.destroy();
  });

  it('sends no savepoint while every job succeeds, and one job that throws is rolled back alone (ADR 0052)', async () => {
    const sent: string[] = [];
    const db = await createTestDb({ log: (event: LogEvent) => void sent.push(event.query.sql) });
    const writes = createWriteBatcher(db);
    const runs = { first: 0, failing: 0 };
    const insert = (email: string) =>
      writes.run(async (trx) => {
        if (email.startsWith('first')) runs.first += 1;
        await trx
          .insertInto('newsletter_subscriptions')
          .values({ email, reference: `SUB-${email.split('@')[0]!.toUpperCase()}` })
          .execute();
      });
    sent.length = 0;
    await Promise.all([insert('first@example.com'), insert('second@example.com')]);
    expect(
      sent.filter((text) => /^(savepoint|release|rollback to)\b/i.test(text)),
      sent.join('\n'),
    ).toEqual([]);
    expect(sent.filter((text) => /^(begin|start transaction)\b/i.test(text))).toHaveLength(1);

    // Alone in its batch, a failing job is undone by the transaction's rollback: still no savepoint, run once.
    sent.length = 0;
    await expect(
      writes.run(async (trx) => {
        runs.failing += 1;
        await trx
          .insertInto('newsletter_subscriptions')
          .values({ email: 'half@example.com', reference: 'SUB-HALF3' })
          .execute();
        throw new Error('second statement failed');
      }),
    ).rejects.toThrow('second statement failed');
    expect(runs.failing).toBe(1);
    expect(sent.some((text) => /^savepoint\b/i.test(text))).toBe(false);

    // Beside others, it makes the batch run again with a savepoint per job: the job before it runs twice, commits once.
    runs.first = 0;
    const results = await Promise.allSettled([
      insert('first-again@example.com'),
      writes.run(() => Promise.reject(new Error('refused'))),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected']);
    expect(runs.first).toBe(2);
    const emails = (
      await sql<{ email: string }>`select email from newsletter_subscriptions order by email`.execute(db)
    ).rows.map((row) => row.email);
    expect(emails).toEqual(['first-again@example.com', 'first@example.com', 'second@example.com']);
    await db.destroy();
  });

  it('runs again a batch the database undid for a deadlock or a serialization failure, at most 5 times', async () => {
    const db = await createTestDb();
    const writes = createWriteBatcher(db);
    const conflict = (code: string) => Object.assign(new Error(`conflict ${code}`), { code });
    let runs = 0;
    const stored = await writes.run(async (trx) => {
      runs += 1;
      await trx
        .insertInto('newsletter_subscriptions')
        .values({ email: 'again@example.com', reference: 'SUB-AGAIN' })
        .execute();
      if (runs === 1) throw conflict('40P01');
      return runs;
    });
    // The first run's insert was undone with its transaction: one row, from the second run.
    expect(stored).toBe(2);
    expect(await db.selectFrom('newsletter_subscriptions').select('email').execute()).toEqual([
      { email: 'again@example.com' },
    ]);

    let hopeless = 0;
    const failed = await writes
      .run(() => {
        hopeless += 1;
        return Promise.reject(conflict('40001'));
      })
      .catch((error: unknown) => error);
    expect(hopeless).toBe(5);
    expect(failed).toBeInstanceOf(DatabaseFault);
    await db.destroy();
  });

  it('gives each order key one lane, and spreads keys over all lanes', () => {
    const lanes = 4;
    const keys = Array.from({ length: 400 }, (_, index) => (index % 2 ? index : `visitor-${index}`));
    for (const key of keys) expect(laneOf(key, lanes)).toBe(laneOf(key, lanes));
    const perLane = new Array<number>(lanes).fill(0);
    for (const key of keys) perLane[laneOf(key, lanes)]! += 1;
    // 100 each if even; a lane with a quarter of that would be a broken hash.
    for (const count of perLane) expect(count).toBeGreaterThan(25);
    expect(() => createWriteBatcher({} as never, { lanes: 0 })).toThrow(/lanes/);
  });

  it('gives SQLite one lane, and PostgreSQL the lanes asked for but always fewer than its connections', async () => {
    const db = await createTestDb();
    // The PostgreSQL test pools keep 4 connections (tests/helpers/test-db.ts).
    const expected = testEngine === 'postgres' ? { two: 2, eight: 3 } : { two: 1, eight: 1 };
    expect({ two: writeLanesFor(db, 2), eight: writeLanesFor(db, 8) }).toEqual(expected);
    await db.destroy();
  });

  it('rejects every write of a batch whose commit fails', async () => {
    const db = await createTestDb();
    const writes = createWriteBatcher(db);
    const conversation = await writes.run((trx) =>
      chat.ensureConversation(trx, { visitorKey: 'v:test', userId: null, page: null }),
    );
    await db.destroy();
    await expect(
      writes.run((trx) =>
        chat.insertMessageRow(trx, {
          conversationId: conversation.id,
          sender: 'bot',
          message: 'x',
          clientId: null,
          agentId: null,
        }),
      ),
    ).rejects.toThrow();
  });
});
