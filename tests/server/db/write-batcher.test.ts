import { sql, type LogEvent } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createWriteBatcher } from '../../../server/db/write-batcher';
import { chat } from '../../../server/data/chat';
import { createTestDb } from '../../helpers/test-db';

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
