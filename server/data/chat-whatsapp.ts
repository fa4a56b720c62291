/**
 * Queries for WhatsApp conversations in the desk (issue #30, ADR 0049): one conversation per sender's number, the
 * window's start, the notice about Meta, and the outbox rows that carry desk messages.
 */
import { sql, type Kysely } from 'kysely';
import type { AppDatabase } from '../db/database';
import type { Database, OutboundStatus } from '../db/schema';

/** The visitor key of a conversation that began on WhatsApp: stable, derived from the E.164 number. */
export const whatsAppVisitorKey = (phoneE164: string) => `wa:${phoneE164}`;

export const chatWhatsApp = {
  findByPhone: (db: Kysely<Database>, phoneE164: string) =>
    db.selectFrom('chat_conversations').selectAll().where('whatsapp_phone', '=', phoneE164).executeTakeFirst(),

  /**
   * The number's conversation, created on its first message. The unique number (and visitor key) make two nodes that
   * take the first message at once find the same row.
   */
  ensureForPhone: async (db: Kysely<Database>, phoneE164: string) => {
    const now = new Date().toISOString();
    await db
      .insertInto('chat_conversations')
      .values({
        visitor_key: whatsAppVisitorKey(phoneE164),
        user_id: null,
        current_page: null,
        last_activity_at: now,
        created_at: now,
        channel: 'whatsapp',
        whatsapp_phone: phoneE164,
        // The patient panel matches the conversation by this number.
        contact_phone: phoneE164,
      })
      .onConflict((oc) => oc.column('visitor_key').doNothing())
      .execute();
    return db
      .selectFrom('chat_conversations')
      .selectAll()
      .where('whatsapp_phone', '=', phoneE164)
      .executeTakeFirstOrThrow();
  },

  /**
   * Joins a web conversation to a number: only one whose visitor pressed 'Continue on WhatsApp' and that has no number
   * yet. False when it cannot be joined.
   */
  joinByReference: async (db: Kysely<Database>, conversationId: number, phoneE164: string) => {
    const now = new Date().toISOString();
    const result = await db
      .updateTable('chat_conversations')
      .set({
        channel: 'whatsapp',
        whatsapp_phone: phoneE164,
        whatsapp_joined_at: now,
        contact_phone: sql<string>`coalesce(contact_phone, ${phoneE164})`,
      })
      .where('id', '=', conversationId)
      .where('whatsapp_phone', 'is', null)
      .where('whatsapp_at', 'is not', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  /** The window starts at the patient's latest message, as Meta timestamps it. */
  setLastInbound: (db: Kysely<Database>, conversationId: number, at: string) =>
    db
      .updateTable('chat_conversations')
      .set({ whatsapp_last_inbound_at: at })
      .where('id', '=', conversationId)
      .execute(),

  /** Claims the once-only notice about Meta: true for the one reply that carries it. */
  claimNotice: async (db: Kysely<Database>, conversationId: number) => {
    const result = await db
      .updateTable('chat_conversations')
      .set({ whatsapp_notice_at: new Date().toISOString() })
      .where('id', '=', conversationId)
      .where('whatsapp_notice_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  /** The WhatsApp side of a conversation, read inside the transaction that stores a reply. */
  channelOf: (db: Kysely<Database>, conversationId: number) =>
    db
      .selectFrom('chat_conversations')
      .select(['channel', 'whatsapp_phone', 'whatsapp_last_inbound_at'])
      .where('id', '=', conversationId)
      .executeTakeFirst(),

  /** Delivery states of the desk messages of a conversation that went by WhatsApp. */
  deliveries: (db: AppDatabase, conversationId: number) =>
    db
      .selectFrom('outbound_messages')
      .select(['chat_message_id', 'status'])
      .where('conversation_id', '=', conversationId)
      .where('chat_message_id', 'is not', null)
      .execute() as Promise<{ chat_message_id: number; status: OutboundStatus }[]>,
};
