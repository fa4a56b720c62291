import { sql, type Kysely } from 'kysely';
import { autoIncrementPrimaryKey, epochMsType } from '../server/db/dialect';

// Single-use e-mail tokens and the outgoing mail queue (issue #5).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('email_tokens')
    // SHA-256 (hex) of the token sent by e-mail; the token itself is never stored.
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('confirm_email', 'reset_password')`))
    .addColumn('expires_at', epochMsType(db), (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('email_tokens_user_id').on('email_tokens').columns(['user_id', 'kind']).execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'integer', autoIncrementPrimaryKey(db))
    .addColumn('to_address', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('text_body', 'text', (col) => col.notNull())
    .addColumn('html_body', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    // pending → sent rows are deleted (their links hold live tokens); failed rows keep no body.
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'failed')`),
    )
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', epochMsType(db), (col) => col.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('mail_outbox_due').on('mail_outbox').columns(['status', 'next_attempt_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mail_outbox').execute();
  await db.schema.dropTable('email_tokens').execute();
}
