import { sql, type Kysely } from 'kysely';
import { autoIncrementPrimaryKey, bytesType } from '../server/db/dialect';

// Files patients send in a chat (issue #30: photos, documents and voice notes from WhatsApp; ADR 0050).
// - One row per provider media id (unique): a webhook Meta retries stores the file once.
// - Either the checked bytes, or the reason the file was refused (too large, a type we do not accept, ...), never
//   both and never neither (the check): nothing is half-stored.
// - The bytes live in the row (blob / bytea), so backups, db:copy and a second node need nothing beside the database.
// - `message_id` is the chat message the file came with, set when the inbound path has stored it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('chat_attachments')
    .addColumn('id', 'integer', autoIncrementPrimaryKey(db))
    .addColumn('conversation_id', 'integer', (col) =>
      col.notNull().references('chat_conversations.id').onDelete('cascade'),
    )
    .addColumn('message_id', 'integer', (col) => col.references('chat_messages.id').onDelete('set null'))
    .addColumn('provider_media_id', 'text', (col) => col.notNull().unique())
    .addColumn('kind', 'text', (col) =>
      col.notNull().check(sql`kind in ('image', 'document', 'audio', 'video', 'sticker')`),
    )
    .addColumn('mime_type', 'text', (col) => col.notNull())
    .addColumn('byte_size', 'integer')
    .addColumn('sha256', 'text')
    .addColumn('filename', 'text')
    .addColumn('caption', 'text')
    .addColumn('voice', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('refusal', 'text')
    .addColumn('bytes', bytesType(db))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addCheckConstraint('chat_attachments_bytes_or_refusal', sql`(bytes is null) <> (refusal is null)`)
    .execute();
  await db.schema
    .createIndex('chat_attachments_conversation')
    .on('chat_attachments')
    .column('conversation_id')
    .execute();
  await db.schema.createIndex('chat_attachments_message').on('chat_attachments').column('message_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('chat_attachments').execute();
}
