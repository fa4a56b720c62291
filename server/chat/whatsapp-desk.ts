/**
 * WhatsApp as a channel of the desk (issue #30, ADR 0049). Each sender's number is a conversation (visitor key
 * 'wa:<E.164>', or the web conversation it was joined to by its reference). A message is stored once: its client id is
 * 'wa:<WhatsApp message id>', unique in the database, so Meta's retries and a webhook landing on two nodes at once
 * store one row. The bot, red flags, office hours and agents then treat it as any visitor message; their answers go
 * out through the outbox (whatsapp-relay.ts). Free text goes only inside the 24-hour window, read from Meta's
 * timestamps; after it, only approved templates.
 */
import type { InboundMedia } from '../messaging/messaging-types';
import { attachmentsOfMessages } from '../messaging/store-whatsapp-media';
import {
  WHATSAPP_RATING_ASK,
  referenceInText,
  whatsAppDeskTemplate,
  whatsAppDeskTexts,
  whatsAppWindowLeft,
  type WhatsAppDeskTemplateName,
} from '../../shared/messaging/whatsapp-desk';
import type { ChatMessage } from '../../shared/chat-events';
import { chat, type ConversationRow } from '../data/chat';
import { chatWhatsApp } from '../data/chat-whatsapp';
import type { AppDatabase } from '../db/database';
import type { OutboundMessage } from '../data/outbound-messages';
import type { ChatRooms } from './rooms';

/** A free-text reply after the window: WhatsApp would refuse it (Graph error 131047). */
export class WhatsAppWindowClosedError extends Error {
  override name = 'WhatsAppWindowClosedError';
  constructor() {
    super(whatsAppDeskTexts.windowClosedError);
  }
}

/** A template asked for on a conversation that is not on WhatsApp. */
export class NotWhatsAppError extends Error {
  override name = 'NotWhatsAppError';
  constructor() {
    super(whatsAppDeskTexts.templateOnlyOnWhatsApp);
  }
}

export type WhatsAppInbound = { from: string; text: string; at: string; eventId: string; media?: InboundMedia };

export const isWhatsAppConversation = (conversation: Pick<ConversationRow, 'channel'>) =>
  conversation.channel === 'whatsapp';

/** Milliseconds of the 24-hour window left for this conversation now. */
export const windowLeftOf = (conversation: Pick<ConversationRow, 'whatsapp_last_inbound_at'>, now = Date.now()) =>
  whatsAppWindowLeft(conversation.whatsapp_last_inbound_at, now);

/** Throws when free text may not go to this conversation now. */
export function assertWindowOpen(conversation: ConversationRow, now = Date.now()) {
  if (isWhatsAppConversation(conversation) && windowLeftOf(conversation, now) <= 0)
    throw new WhatsAppWindowClosedError();
}

export const whatsAppClientId = (eventId: string) => `wa:${eventId}`;

/**
 * The conversation a message from `from` belongs to: the number's own; else the web conversation its text names by
 * reference (the visitor pressed 'Continue on WhatsApp'); else a new one. `joined` when this message made the switch.
 */
export async function conversationForSender(db: AppDatabase, inbound: WhatsAppInbound) {
  const existing = await chatWhatsApp.findByPhone(db, inbound.from);
  if (existing) return { conversation: existing, joined: false };
  const reference = referenceInText(inbound.text);
  if (reference !== null && (await chatWhatsApp.joinByReference(db, reference, inbound.from))) {
    const joined = await chat.findConversationById(db, reference);
    if (joined) return { conversation: joined, joined: true };
  }
  return { conversation: await chatWhatsApp.ensureForPhone(db, inbound.from), joined: false };
}

/** A bare 1 to 5 answering 'How did we do?' on a resolved WhatsApp conversation. */
export function ratingAnswer(conversation: ConversationRow, text: string): number | null {
  if (conversation.status !== 'resolved' || conversation.rating_requested !== 1) return null;
  const match = /^\s*([1-5])\s*[.!]?\s*$/.exec(text);
  return match ? Number(match[1]) : null;
}

/** The rating question on WhatsApp goes only inside the window (outside it WhatsApp would need a template). */
export const ratingAskFits = (conversation: ConversationRow, now = Date.now()) =>
  isWhatsAppConversation(conversation) && windowLeftOf(conversation, now) > 0;

export const ratingAskRelay = { outboxTemplate: WHATSAPP_RATING_ASK } as const;
export const ratingAskText = whatsAppDeskTexts.ratingAsk;

export const templateText = (name: WhatsAppDeskTemplateName) => whatsAppDeskTemplate(name).text;

/** A receipt for a desk message: every agent's console updates that message's tick. */
export function announceDelivery(rooms: Pick<ChatRooms, 'toAllAgents'>, row: OutboundMessage) {
  if (row.chat_message_id === null || row.conversation_id === null) return;
  rooms.toAllAgents().emit('message:delivery', {
    conversationId: row.conversation_id,
    messageId: row.chat_message_id,
    status: row.status,
  });
}

/** Adds each message's delivery state (WhatsApp conversations only). */
/** A WhatsApp conversation's files on their messages (agents only; the visitor's own history never carries them). */
export async function withAttachments(
  db: AppDatabase,
  conversation: Pick<ConversationRow, 'channel'>,
  messages: ChatMessage[],
): Promise<ChatMessage[]> {
  if (!isWhatsAppConversation(conversation)) return messages;
  const files = await attachmentsOfMessages(
    db,
    messages.map((message) => message.id),
  );
  return messages.map((message) => {
    const attachment = files.get(message.id);
    return attachment ? { ...message, attachment } : message;
  });
}

export async function withDeliveries(
  db: AppDatabase,
  conversation: Pick<ConversationRow, 'id' | 'channel'>,
  messages: ChatMessage[],
): Promise<ChatMessage[]> {
  if (!isWhatsAppConversation(conversation)) return messages;
  const states = new Map(
    (await chatWhatsApp.deliveries(db, conversation.id)).map((row) => [row.chat_message_id, row.status]),
  );
  return messages.map((message) => {
    const status = states.get(message.id);
    return status ? { ...message, delivery: status } : message;
  });
}
