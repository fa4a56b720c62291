import type { Kysely } from 'kysely';
import { autoIncrementPrimaryKey } from '../server/db/dialect';

// Bot replies waiting for their due time (issue #11.5): kept in the database so a restart,
// graceful or not, sends what is due. A row is deleted in the transaction that stores the reply,
// so each reply is sent once.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('chat_pending_replies')
    .addColumn('id', 'integer', autoIncrementPrimaryKey(db))
    .addColumn('conversation_id', 'integer', (col) =>
      col.notNull().references('chat_conversations.id').onDelete('cascade'),
    )
    // ISO-8601 UTC: when the reply is due.
    .addColumn('due_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('chat_pending_replies_due').on('chat_pending_replies').column('due_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('chat_pending_replies').execute();
}
