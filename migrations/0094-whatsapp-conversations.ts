import { type Kysely } from 'kysely';

// WhatsApp conversations in the chat desk (issue #30, ADR 0049).
// - `chat_conversations.channel`: 'web' (the widget) or 'whatsapp'. A WhatsApp conversation is keyed by its sender's
//   number: `whatsapp_phone` (E.164) is unique, so two nodes taking the first message of one number at once find one
//   conversation. A web conversation joined by its reference keeps its visitor key and gains the number.
// - `whatsapp_last_inbound_at`: Meta's timestamp of the patient's latest message (ISO), the start of the 24-hour window
//   free-text replies may go in. Read from the message, not the clock of the node that stored it.
// - `whatsapp_notice_at`: when the first reply carried the notice that messages pass through Meta (sent once).
// - `whatsapp_joined_at`: when a web conversation moved to WhatsApp by its reference (the console shows the switch).
// - `outbound_messages.chat_message_id`: the desk message a WhatsApp text carries, unique, so a message is queued once
//   and its receipts show on it. Repeated inbound messages are refused by chat_messages.client_id ('wa:<message id>').
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('chat_conversations')
    .addColumn('channel', 'text', (col) => col.notNull().defaultTo('web'))
    .execute();
  await db.schema.alterTable('chat_conversations').addColumn('whatsapp_phone', 'text').execute();
  await db.schema.alterTable('chat_conversations').addColumn('whatsapp_last_inbound_at', 'text').execute();
  await db.schema.alterTable('chat_conversations').addColumn('whatsapp_notice_at', 'text').execute();
  await db.schema.alterTable('chat_conversations').addColumn('whatsapp_joined_at', 'text').execute();
  await db.schema
    .createIndex('chat_conversations_whatsapp_phone')
    .on('chat_conversations')
    .column('whatsapp_phone')
    .unique()
    .execute();
  await db.schema.alterTable('outbound_messages').addColumn('chat_message_id', 'integer').execute();
  await db.schema
    .createIndex('outbound_messages_chat_message')
    .on('outbound_messages')
    .column('chat_message_id')
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('outbound_messages_chat_message').execute();
  await db.schema.alterTable('outbound_messages').dropColumn('chat_message_id').execute();
  await db.schema.dropIndex('chat_conversations_whatsapp_phone').execute();
  for (const column of [
    'whatsapp_joined_at',
    'whatsapp_notice_at',
    'whatsapp_last_inbound_at',
    'whatsapp_phone',
    'channel',
  ])
    await db.schema.alterTable('chat_conversations').dropColumn(column).execute();
}
