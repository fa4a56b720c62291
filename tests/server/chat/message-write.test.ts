/**
 * Storing a chat message (chat.insertMessageRow) and taking an owed bot reply (chat.takeOwedReply) answer the same on
 * both engines, although PostgreSQL does each in one statement and SQLite in several (ADR 0056): what they return is
 * what a read afterwards finds, and a refused message leaves nothing behind.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chat } from '../../../server/data/chat';
import { isUniqueViolation } from '../../../server/data/users';
import type { AppDatabase } from '../../../server/db/database';
import { createTestDb } from '../../helpers/test-db';

let db: AppDatabase;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => {
  await db.destroy();
});

const newConversation = () =>
  chat.ensureConversation(db, { visitorKey: `v:${randomUUID()}`, userId: null, page: '/services' });

const visitorMessage = (conversationId: number, extra: { replyDelayMs?: number; urgent?: boolean } = {}) => ({
  conversationId,
  sender: 'user' as const,
  message: 'My chest is paining me',
  clientId: randomUUID(),
  agentId: null,
  ...extra,
});

describe('chat.insertMessageRow', () => {
  it('returns the message, the owed reply and the conversation exactly as they were stored', async () => {
    const before = await newConversation();
    const inserted = await db
      .transaction()
      .execute((trx) => chat.insertMessageRow(trx, visitorMessage(before.id, { replyDelayMs: 1500, urgent: true })));

    const { pending_reply: pending, conversation, ...message } = inserted;
    expect(message).toEqual(
      await db.selectFrom('chat_messages').selectAll().where('id', '=', message.id).executeTakeFirstOrThrow(),
    );
    expect(message).toMatchObject({ conversation_id: before.id, sender: 'user', message: 'My chest is paining me' });
    expect(conversation).toEqual(await chat.findConversationById(db, before.id));
    expect(conversation).toMatchObject({
      status: 'open',
      urgent_at: message.created_at,
      bot_acked_at: message.created_at,
      last_activity_at: message.created_at,
    });
    expect(pending).toEqual(
      await db
        .selectFrom('chat_pending_replies')
        .select(['id', 'due_at'])
        .where('id', '=', pending!.id)
        .executeTakeFirst(),
    );
    expect(Date.parse(pending!.due_at) - Date.parse(message.created_at)).toBe(1500);
  });

  it('owes no reply unless asked, and keeps the first urgent time', async () => {
    const before = await newConversation();
    const first = await chat.insertMessageRow(db, visitorMessage(before.id, { urgent: true }));
    const later = await chat.insertMessageRow(db, visitorMessage(before.id, { urgent: true }));
    expect(later.pending_reply).toBeNull();
    expect(later.conversation?.urgent_at).toBe(first.created_at);
    expect(later.conversation?.last_activity_at).toBe(later.created_at);
    expect(
      await db.selectFrom('chat_pending_replies').select('id').where('conversation_id', '=', before.id).execute(),
    ).toEqual([]);
  });

  // The refused message would have marked the room urgent and the bot's period acknowledged: neither may stay.
  it('refuses a client id already stored, and leaves the conversation as it was', async () => {
    const before = await newConversation();
    const first = await chat.insertMessageRow(db, visitorMessage(before.id));
    const conversationAfterFirst = await chat.findConversationById(db, before.id);

    const repeat = db.transaction().execute((trx) =>
      chat.insertMessageRow(trx, {
        ...visitorMessage(before.id, { replyDelayMs: 1500, urgent: true }),
        clientId: first.client_id,
      }),
    );
    const error = await repeat.then(
      () => null,
      (refused: unknown) => refused,
    );
    expect(isUniqueViolation(error)).toBe(true);
    expect(await chat.findConversationById(db, before.id)).toEqual(conversationAfterFirst);
    expect(
      await db.selectFrom('chat_messages').select('id').where('conversation_id', '=', before.id).execute(),
    ).toHaveLength(1);
    expect(
      await db.selectFrom('chat_pending_replies').select('id').where('conversation_id', '=', before.id).execute(),
    ).toEqual([]);
  });
});

describe('chat.takeOwedReply', () => {
  it('takes the reply once and reads its conversation; the second taker gets nothing', async () => {
    const conversation = await newConversation();
    const { pending_reply: pending } = await chat.insertMessageRow(
      db,
      visitorMessage(conversation.id, { replyDelayMs: 10 }),
    );
    const taken = await db.transaction().execute((trx) => chat.takeOwedReply(trx, pending!.id, conversation.id));
    expect(taken).toEqual(await chat.findConversationById(db, conversation.id));
    expect(await db.transaction().execute((trx) => chat.takeOwedReply(trx, pending!.id, conversation.id))).toBe(
      undefined,
    );
    expect(await db.selectFrom('chat_pending_replies').select('id').where('id', '=', pending!.id).execute()).toEqual(
      [],
    );
  });

  it('answers nothing when the conversation is gone, and the reply is taken all the same', async () => {
    const conversation = await newConversation();
    const { pending_reply: pending } = await chat.insertMessageRow(
      db,
      visitorMessage(conversation.id, { replyDelayMs: 10 }),
    );
    const otherId = (await newConversation()).id + 1000;
    expect(await chat.takeOwedReply(db, pending!.id, otherId)).toBe(undefined);
    expect(await db.selectFrom('chat_pending_replies').select('id').where('id', '=', pending!.id).execute()).toEqual(
      [],
    );
  });
});
