import { sql } from 'kysely';
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
