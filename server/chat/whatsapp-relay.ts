/**
 * Desk messages to a WhatsApp conversation go out through the messaging outbox (issue #30, ADR 0049): the row is
 * queued in the transaction that stores the message, keyed by the message's id (unique), so each bot or agent message
 * leaves exactly once, and the worker's lease and the receipts apply as for every text. The first reply carries the
 * notice that WhatsApp (Meta) carries the conversation abroad.
 */
import type { Kysely } from 'kysely';
import { smsSize } from '../../shared/messaging/sms-encoding';
import {
  WHATSAPP_FREE_TEXT,
  whatsAppDeskTemplate,
  whatsAppDeskTexts,
  type WhatsAppDeskTemplateName,
} from '../../shared/messaging/whatsapp-desk';
import { chatWhatsApp } from '../data/chat-whatsapp';
import type { ChatSenderColumn, Database } from '../db/schema';

export type RelayedMessage = { id: number; sender: ChatSenderColumn; message: string };
export type RelayKind = { template?: WhatsAppDeskTemplateName; outboxTemplate?: string };

/** A conversation by id, or as the caller just read it in this transaction (then it is not read again). */
export type RelayTarget = number | { id: number; channel: string; whatsapp_phone: string | null };

export type WhatsAppRelay = {
  /** Queues `row` to the conversation's number when it is a WhatsApp conversation; true when queued. */
  queue: (trx: Kysely<Database>, target: RelayTarget, row: RelayedMessage, kind?: RelayKind) => Promise<boolean>;
};

export function createWhatsAppRelay(options: { privacyUrl: string }): WhatsAppRelay {
  return {
    async queue(trx, target, row, kind = {}) {
      if (row.sender === 'user') return false;
      const conversationId = typeof target === 'number' ? target : target.id;
      const channel = typeof target === 'number' ? await chatWhatsApp.channelOf(trx, target) : target;
      if (!channel || channel.channel !== 'whatsapp' || !channel.whatsapp_phone) return false;
      // An approved template is sent as registered: nothing may be added to it.
      const notice =
        !kind.template && (await chatWhatsApp.claimNotice(trx, conversationId))
          ? `\n\n${whatsAppDeskTexts.notice(options.privacyUrl)}`
          : '';
      const text = kind.template ? whatsAppDeskTemplate(kind.template).text : `${row.message}${notice}`;
      const size = smsSize(text);
      const now = Date.now();
      const iso = new Date(now).toISOString();
      const inserted = await trx
        .insertInto('outbound_messages')
        .values({
          recipient: channel.whatsapp_phone,
          channel: 'whatsapp',
          template: kind.template ?? kind.outboxTemplate ?? WHATSAPP_FREE_TEXT,
          language: 'en',
          params: JSON.stringify({ message: text }),
          text_body: text,
          encoding: size.encoding,
          segments: size.segments,
          // An answer to someone who just wrote waits for no quiet hours.
          next_attempt_at: now,
          fallback: '',
          fallback_due_at: null,
          fallback_email: null,
          replaced_by: null,
          request_id: null,
          conversation_id: conversationId,
          chat_message_id: row.id,
          created_at: iso,
          status_at: iso,
        })
        .onConflict((oc) => oc.column('chat_message_id').doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
    },
  };
}
