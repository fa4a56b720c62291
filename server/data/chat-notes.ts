/**
 * Private notes in a conversation and the contact details agents add in the chat (issue #29.3, #29.4). Notes live in
 * their own table: the visitor's queries (chat.ts) never read it, so a note cannot reach them by any path.
 */
import type { ChatNote } from '../../shared/chat-events';
import type { AppDatabase } from '../db/database';

const selectNotes = (db: AppDatabase) =>
  db
    .selectFrom('chat_notes')
    .leftJoin('users as agents', 'agents.id', 'chat_notes.agent_id')
    .select([
      'chat_notes.id',
      'chat_notes.body',
      'chat_notes.created_at',
      'chat_notes.conversation_id',
      'agents.full_name as agent_name',
    ]);

type NoteRow = { id: number; body: string; created_at: string; agent_name: string | null };

export const toChatNote = (row: NoteRow): ChatNote => ({
  id: row.id,
  body: row.body,
  createdAt: row.created_at,
  agentName: row.agent_name,
});

export const chatNotes = {
  add: async (db: AppDatabase, input: { conversationId: number; agentId: number; body: string }) => {
    const { id } = await db
      .insertInto('chat_notes')
      .values({
        conversation_id: input.conversationId,
        agent_id: input.agentId,
        body: input.body,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return toChatNote(await selectNotes(db).where('chat_notes.id', '=', id).executeTakeFirstOrThrow());
  },

  /** A conversation's notes, oldest first (the newest `limit`). */
  list: async (db: AppDatabase, conversationId: number, limit: number) => {
    const rows = await selectNotes(db)
      .where('chat_notes.conversation_id', '=', conversationId)
      .orderBy('chat_notes.id', 'desc')
      .limit(limit)
      .execute();
    return rows.reverse().map(toChatNote);
  },

  /** Sets the contact details an agent gave; null clears one. Returns what they were, for the audit log. */
  setContact: async (
    db: AppDatabase,
    conversationId: number,
    contact: { name: string | null; email: string | null; phone: string | null },
  ) =>
    db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('chat_conversations')
        .select(['contact_name', 'contact_email', 'contact_phone'])
        .where('id', '=', conversationId)
        .executeTakeFirst();
      if (!before) return null;
      await trx
        .updateTable('chat_conversations')
        .set({ contact_name: contact.name, contact_email: contact.email, contact_phone: contact.phone })
        .where('id', '=', conversationId)
        .execute();
      return { name: before.contact_name, email: before.contact_email, phone: before.contact_phone };
    }),
};
