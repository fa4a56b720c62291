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
export const visitorSeenSchema = z.strictObject({ lastMessageId: z.number().int().min(0) });
export const visitorWhatsAppSchema = z.strictObject({});
export const visitorRatingSchema = z.strictObject({
  rating: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)], {
    error: 'Choose a rating from 1 to 5.',
  }),
  comment: z.string().trim().max(1000, 'Comments can be at most 1,000 characters.').optional(),
});
export const visitorPageSchema = z.strictObject({
  path: z
    .string()
    .max(300)
    .regex(/^\/[^\s]*$/, 'A site path starting with /.'),
});

/** Agent → server. */
export const chatViewSchema = z.enum(['mine', 'unassigned', 'open', 'resolved']);
export const agentListSchema = z.strictObject({
  view: chatViewSchema.optional(),
  search: z.string().trim().max(100, 'Search can be at most 100 characters.').optional(),
});
export const agentAssignSchema = z.strictObject({ conversationId, agentId: z.number().int().positive() });
export const agentStatusSchema = z.strictObject({ conversationId, status: z.enum(['open', 'pending', 'resolved']) });
export const agentPresenceSchema = z.strictObject({ status: z.enum(['online', 'away']) });
export const cannedReplySaveSchema = z.strictObject({
  id: z.number().int().positive().optional(),
  title: z.string().trim().min(1, 'Enter a title.').max(60, 'Title can be at most 60 characters.'),
  body: chatMessageTextSchema,
});
export const cannedReplyDeleteSchema = z.strictObject({ id: z.number().int().positive() });
export const agentConversationSchema = z.strictObject({ conversationId });
export const agentReadSchema = z.strictObject({ conversationId, lastMessageId: z.number().int().min(0) });
export const agentMessageSendSchema = z.strictObject({ conversationId, clientId, message: chatMessageTextSchema });
export const agentTypingSchema = z.strictObject({ conversationId, typing: z.boolean() });

export type VisitorMessageSendInput = z.infer<typeof visitorMessageSendSchema>;
export type AgentMessageSendInput = z.infer<typeof agentMessageSendSchema>;
