/**
 * Texts to patients as staff read them (issue #27.2): the Messages page's filter and rows, and a request's texts with
 * its number's consent. Both sides import this; the server fills the rows (server/staff/message-rows.ts).
 */
import { z } from 'zod';

export const MESSAGE_CHANNELS = ['sms', 'whatsapp'] as const;
export type TextChannel = (typeof MESSAGE_CHANNELS)[number];

export const MESSAGE_STATUSES = ['queued', 'sent', 'delivered', 'read', 'failed', 'cancelled'] as const;
export type TextStatus = (typeof MESSAGE_STATUSES)[number];

export const textChannelLabels: Record<TextChannel, string> = { sms: 'SMS', whatsapp: 'WhatsApp' };

export const textStatusLabels: Record<TextStatus, string> = {
  queued: 'Queued',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/**
 * Readable names of the templates in server/messaging/message-templates.ts and of the chat desk's WhatsApp texts (a
 * server test holds the lists together, so a new template cannot go unnamed here).
 */
export const messageTemplateLabels = {
  request_received: 'Request received',
  request_confirmed: 'Confirmed',
  request_rescheduled: 'Rescheduled',
  request_cancelled: 'Cancelled',
  staff_message: 'Message from staff',
  chat_reply: 'Chat reply',
  appointment_reminder: 'Appointment reminder',
  waitlist_offer: 'Earlier time offered',
  waitlist_gone: 'Earlier time gone',
  // The chat desk's WhatsApp texts (issue #30, shared/messaging/whatsapp-desk.ts).
  whatsapp_chat: 'WhatsApp chat answer',
  whatsapp_rating: 'WhatsApp: how did we do?',
  desk_answer_ready: 'WhatsApp template: we have an answer',
  desk_checking_in: 'WhatsApp template: checking in',
} as const;
export type MessageTemplateKey = keyof typeof messageTemplateLabels;
export const MESSAGE_TEMPLATE_KEYS = Object.keys(messageTemplateLabels) as MessageTemplateKey[];

export const templateLabel = (template: string) =>
  (messageTemplateLabels as Record<string, string>)[template] ?? template;

export const MESSAGES_PAGE_SIZE = 50;

/** The Messages page's filter: also what its URL query keeps. */
export const messageFilterSchema = z.object({
  channel: z.enum(MESSAGE_CHANNELS, { error: 'Channel must be SMS or WhatsApp.' }).optional(),
  status: z.enum(MESSAGE_STATUSES, { error: 'Status must be one of the message statuses.' }).optional(),
  template: z.enum(MESSAGE_TEMPLATE_KEYS as [MessageTemplateKey, ...MessageTemplateKey[]]).optional(),
  /** Digits of the number, typed any way ('0803 123', '+234 803'). */
  recipient: z.string().trim().max(20, { error: 'A number has 20 characters or fewer.' }).optional(),
  requestId: z.number().int().positive().optional(),
});
export type MessageFilter = z.infer<typeof messageFilterSchema>;

export const messageListSchema = messageFilterSchema.extend({
  /** The last id of the previous page (keyset paging: ids go down). */
  cursor: z.number().int().positive().optional(),
});

export const withdrawConsentSchema = z.object({
  requestId: z.number({ error: 'Request id must be a number.' }).int().positive(),
  channel: z.enum(MESSAGE_CHANNELS, { error: 'Channel must be SMS or WhatsApp.' }),
});

/**
 * Digits to look for in stored E.164 numbers: a leading 0 is the national trunk prefix that E.164 drops, so
 * '0803 123' finds +234803123….
 */
export function recipientDigits(typed: string | undefined): string {
  const digits = (typed ?? '').replace(/\D/g, '');
  return digits.startsWith('0') ? digits.replace(/^0+/, '') : digits;
}

/** One text as staff see it: no template values (they may hold staff's own words twice). */
export type MessageRow = {
  id: number;
  createdAt: string;
  recipient: string;
  channel: TextChannel;
  template: string;
  status: TextStatus;
  attempts: number;
  segments: number;
  encoding: 'GSM-7' | 'UCS-2';
  provider: string | null;
  requestId: number | null;
  requestReference: string | null;
  lastError: string | null;
  /** What took over: 'email' or '<channel> #<id>'. */
  replacedBy: string | null;
  sentAt: string | null;
  statusAt: string;
  /** A queued text's next try (ISO): 08:00 Lagos time when it waits out the quiet hours. */
  nextAttemptAt: string | null;
};

export type ConsentView = { granted: boolean; at: string; source: string };
export type ConsentChangeView = { id: number; channel: TextChannel; granted: boolean; at: string; source: string };

/** A request's texts and the consent of its number (null without a number). */
export type RequestTexts = {
  phoneE164: string | null;
  messages: MessageRow[];
  consent: Record<TextChannel, ConsentView | null> | null;
  consentHistory: ConsentChangeView[];
};
