import { sql, type Kysely } from 'kysely';
import { autoIncrementPrimaryKey } from '../server/db/dialect';

// Live support chat (issue #6). Migrations import only kysely and the dialect module, and use Kysely<any>: they
// are frozen in time.
// Times are ISO-8601 UTC text, like the accounts tables.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('chat_conversations')
    .addColumn('id', 'integer', autoIncrementPrimaryKey(db))
    // Who owns the conversation, decided on the server only: 'v:<id from the signed visitor cookie>'
    // or 'u:<user id>' for a signed-in account. Never sent to a browser.
    .addColumn('visitor_key', 'text', (col) => col.notNull().unique())
    // A signed-in patient's account (name and e-mail are read from users, so they stay current).
    // Deleting the account deletes its conversation and messages.
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('cascade'))
    // The agent who joined the room; null while the bot answers.
    .addColumn('assigned_agent_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    // The site path the visitor was last seen on (shown to agents).
    .addColumn('current_page', 'text')
    // Agents' shared read marker: visitor messages with a larger id are unread.
    .addColumn('agent_read_message_id', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_activity_at', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('chat_conversations_last_activity')
    .on('chat_conversations')
    .column('last_activity_at')
    .execute();

  await db.schema
    .createTable('chat_messages')
    .addColumn('id', 'integer', autoIncrementPrimaryKey(db))
    .addColumn('conversation_id', 'integer', (col) =>
      col.notNull().references('chat_conversations.id').onDelete('cascade'),
    )
    // The spec's two columns: message and sender (user or bot), plus 'agent' for support staff.
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('sender', 'text', (col) => col.notNull().check(sql`sender in ('user', 'bot', 'agent')`))
    // The id the browser gave the message: a retried send is stored once. Null for bot replies.
    .addColumn('client_id', 'text', (col) => col.unique())
    .addColumn('agent_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('chat_messages_conversation')
    .on('chat_messages')
    .columns(['conversation_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('chat_messages').execute();
  await db.schema.dropTable('chat_conversations').execute();
}
