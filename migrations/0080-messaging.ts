import { sql, type Kysely } from 'kysely';
import { autoIncrementPrimaryKey, epochMsType } from '../server/db/dialect';

// SMS and WhatsApp to patients (issue #27).
// - `outbound_messages`: the queue and the record of every text to a phone. A row is claimed by moving its
//   next_attempt_at a lease ahead (as mail_outbox), so two nodes never send it twice; it stays after sending, with the
//   provider's id its delivery receipts quote. `fallback` lists the channels still to try ('sms,email') when this one
//   fails or, for WhatsApp, has no receipt by `fallback_due_at`; `params` (JSON) lets the next channel render the same
//   template. Times: epoch ms for what the worker compares, ISO text for what people read.
// - `message_consents`: append-only grants and withdrawals per number and channel, with the wording's version; the
//   latest row of a number and channel is its state.
// - `messaging_webhook_events`: the provider events already applied, so a repeated callback changes nothing.
// - `messaging_early_receipts`: a receipt that came before the worker stored the provider's id (a fast provider
//   answers the send and posts 'sent' at once); applied when the id is stored.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('outbound_messages')
    .addColumn('id', 'integer', autoIncrementPrimaryKey(db))
    .addColumn('recipient', 'text', (col) => col.notNull())
    .addColumn('channel', 'text', (col) => col.notNull().check(sql`channel in ('sms', 'whatsapp')`))
    .addColumn('template', 'text', (col) => col.notNull())
    .addColumn('language', 'text', (col) => col.notNull())
    .addColumn('params', 'text', (col) => col.notNull())
    .addColumn('text_body', 'text', (col) => col.notNull())
    .addColumn('encoding', 'text', (col) => col.notNull().check(sql`encoding in ('GSM-7', 'UCS-2')`))
    .addColumn('segments', 'integer', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('queued')
        .check(sql`status in ('queued', 'sent', 'delivered', 'read', 'failed', 'cancelled')`),
    )
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', epochMsType(db), (col) => col.notNull())
    .addColumn('provider', 'text')
    .addColumn('provider_id', 'text')
    .addColumn('fallback', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('fallback_due_at', epochMsType(db))
    .addColumn('fallback_email', 'text')
    .addColumn('replaced_by', 'text')
    .addColumn('request_id', 'integer', (col) => col.references('requests.id').onDelete('set null'))
    .addColumn('conversation_id', 'integer', (col) => col.references('chat_conversations.id').onDelete('set null'))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('sent_at', 'text')
    .addColumn('status_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('outbound_messages_due')
    .on('outbound_messages')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('outbound_messages_fallback_due')
    .on('outbound_messages')
    .columns(['status', 'fallback_due_at'])
    .execute();
  await db.schema
    .createIndex('outbound_messages_provider_id')
    .on('outbound_messages')
    .columns(['provider', 'provider_id'])
    .unique()
    .execute();
  await db.schema.createIndex('outbound_messages_request').on('outbound_messages').columns(['request_id']).execute();
  await db.schema.createIndex('outbound_messages_recipient').on('outbound_messages').columns(['recipient']).execute();

  await db.schema
    .createTable('message_consents')
    .addColumn('id', 'integer', autoIncrementPrimaryKey(db))
    .addColumn('phone_e164', 'text', (col) => col.notNull())
    .addColumn('channel', 'text', (col) => col.notNull().check(sql`channel in ('sms', 'whatsapp')`))
    .addColumn('action', 'text', (col) => col.notNull().check(sql`action in ('granted', 'withdrawn')`))
    // The version of the wording the person agreed to (shared/messaging/consent.ts); null on a withdrawal.
    .addColumn('wording_version', 'text')
    // Where it happened: a form's name, 'account', 'chat', 'inbound', 'staff'.
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('request_id', 'integer', (col) => col.references('requests.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('message_consents_phone')
    .on('message_consents')
    .columns(['phone_e164', 'channel', 'id'])
    .execute();

  await db.schema
    .createTable('messaging_webhook_events')
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('event_id', 'text', (col) => col.notNull())
    .addColumn('received_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('messaging_webhook_events_pk', ['provider', 'event_id'])
    .execute();

  await db.schema
    .createTable('messaging_early_receipts')
    .addColumn('id', 'integer', autoIncrementPrimaryKey(db))
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('provider_id', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('at', 'text', (col) => col.notNull())
    .addColumn('error', 'text')
    .addColumn('received_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('messaging_early_receipts_id')
    .on('messaging_early_receipts')
    .columns(['provider', 'provider_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('messaging_early_receipts').execute();
  await db.schema.dropTable('messaging_webhook_events').execute();
  await db.schema.dropTable('message_consents').execute();
  await db.schema.dropTable('outbound_messages').execute();
}
