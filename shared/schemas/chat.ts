import { z } from 'zod';
import { chatTexts } from '../chat-texts';
import { CHAT_MESSAGE_MAX_LENGTH } from '../constants';
import { cleanString } from './field-rules';

// Control characters other than tab and line breaks (C0, DEL, C1): invisible, and some (NUL) unstorable.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/**
 * A chat message's text: the forms' rule first (NUL and lone surrogates refused, then trimmed and
 * NFC-normalised), other control characters refused too, then 1 to 2,000 characters
 * (whitespace-only is refused).
 */
export const chatMessageTextSchema = cleanString(chatTexts.emptyMessage)
  .pipe(
    z.string().refine((value) => !CONTROL_CHARACTERS.test(value), { error: chatTexts.controlCharacters, abort: true }),
  )
  .transform((value) => value.replace(/\r\n?/g, '\n'))
  .pipe(z.string().min(1, chatTexts.emptyMessage).max(CHAT_MESSAGE_MAX_LENGTH, chatTexts.tooLong));

const clientId = z.uuid('Each message needs a client id (a UUID).');
const conversationId = z.number().int().positive();

/** Visitor → server. Strict objects: an unexpected field (a conversation id, say) is refused, not ignored. */
export const visitorMessageSendSchema = z.strictObject({ clientId, message: chatMessageTextSchema });
export const visitorSyncSchema = z.strictObject({ afterId: z.number().int().min(0).optional() });
export const visitorTypingSchema = z.strictObject({ typing: z.boolean() });
export const visitorPageSchema = z.strictObject({
  path: z
    .string()
    .max(300)
    .regex(/^\/[^\s]*$/, 'A site path starting with /.'),
});

/** Agent → server. */
export const agentListSchema = z.strictObject({});
export const agentConversationSchema = z.strictObject({ conversationId });
export const agentReadSchema = z.strictObject({ conversationId, lastMessageId: z.number().int().min(0) });
export const agentMessageSendSchema = z.strictObject({ conversationId, clientId, message: chatMessageTextSchema });
export const agentTypingSchema = z.strictObject({ conversationId, typing: z.boolean() });

export type VisitorMessageSendInput = z.infer<typeof visitorMessageSendSchema>;
export type AgentMessageSendInput = z.infer<typeof agentMessageSendSchema>;
