import { type Kysely } from 'kysely';
import { autoIncrementPrimaryKey } from '../server/db/dialect';

// The chat console at a glance and one view of the patient (issue #29.3, #29.4; ADR 0047).
// - `chat_notes`: private notes staff leave in a conversation. A table of their own, not a kind of chat message, so
//   nothing that serves the visitor (the socket, history on reconnect, the transcript e-mail) can ever read them.
// - `contact_name`, `contact_email`, `contact_phone` (E.164) on `chat_conversations`: the contact details an agent
//   adds or corrects while chatting, at any hour (the bot's out-of-hours follow-up contact stays as it was).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('chat_notes')
    .addColumn('id', 'integer', autoIncrementPrimaryKey(db))
    .addColumn('conversation_id', 'integer', (col) =>
      col.notNull().references('chat_conversations.id').onDelete('cascade'),
    )
    .addColumn('agent_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('chat_notes_conversation').on('chat_notes').column('conversation_id').execute();

  await db.schema.alterTable('chat_conversations').addColumn('contact_name', 'text').execute();
  await db.schema.alterTable('chat_conversations').addColumn('contact_email', 'text').execute();
  await db.schema.alterTable('chat_conversations').addColumn('contact_phone', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('chat_conversations').dropColumn('contact_phone').execute();
  await db.schema.alterTable('chat_conversations').dropColumn('contact_email').execute();
  await db.schema.alterTable('chat_conversations').dropColumn('contact_name').execute();
  await db.schema.dropTable('chat_notes').execute();
}
