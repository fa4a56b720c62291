import { z } from 'zod';
import { chatTexts } from '../chat-texts';
import { CHAT_MESSAGE_MAX_LENGTH } from '../constants';
import { FIELD_MAX } from '../form-options';
import { EMAIL_FORMAT_MESSAGE, cleanString, isBlank, optionalPhone, optionalText } from './field-rules';

/**
 * A chat message's text: the one text rule for multi-line text (control characters and lone
 * surrogates refused; NFC-normalised, line breaks made `\n`, trimmed), then 1 to 2,000 characters.
 * A message with nothing visible (spaces, U+200B…) is refused as empty.
 */
export const chatMessageTextSchema = cleanString(chatTexts.emptyMessage, {
  multiline: true,
  unsupportedMessage: chatTexts.controlCharacters,
}).pipe(
  z
    .string()
    .refine((value) => !isBlank(value), { error: chatTexts.emptyMessage })
    .max(CHAT_MESSAGE_MAX_LENGTH, chatTexts.tooLong),
);

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
  /** A comment with nothing visible is no comment. */
  comment: cleanString(chatTexts.ratingCommentUnsupported, {
    multiline: true,
    unsupportedMessage: chatTexts.ratingCommentUnsupported,
  })
    .pipe(z.string().max(1000, 'Comments can be at most 1,000 characters.'))
    .optional()
    .transform((value) => (value === undefined || isBlank(value) ? undefined : value)),
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
  title: cleanString('Enter a title.', {
    unsupportedMessage: 'Remove the unsupported characters from the title.',
  }).pipe(
    z
      .string()
      .refine((value) => !isBlank(value), { error: 'Enter a title.' })
      .max(60, 'Title can be at most 60 characters.'),
  ),
  body: chatMessageTextSchema,
});
export const cannedReplyDeleteSchema = z.strictObject({ id: z.number().int().positive() });
export const agentConversationSchema = z.strictObject({ conversationId });
export const agentReadSchema = z.strictObject({ conversationId, lastMessageId: z.number().int().min(0) });
export const agentMessageSendSchema = z.strictObject({ conversationId, clientId, message: chatMessageTextSchema });
export const agentTypingSchema = z.strictObject({ conversationId, typing: z.boolean() });

export type VisitorMessageSendInput = z.infer<typeof visitorMessageSendSchema>;
export type AgentMessageSendInput = z.infer<typeof agentMessageSendSchema>;

/** A private note in a conversation (issue #29.3): staff only, never the visitor's. */
export const CHAT_NOTE_MAX_LENGTH = 2000;
export const agentNoteAddSchema = z.strictObject({
  conversationId,
  body: cleanString('Type the note before saving it.', {
    multiline: true,
    unsupportedMessage: 'Remove the unsupported characters from the note.',
  }).pipe(
    z
      .string()
      .refine((value) => !isBlank(value), { error: 'Type the note before saving it.' })
      .max(CHAT_NOTE_MAX_LENGTH, 'A note can be at most 2,000 characters.'),
  ),
});

/**
 * The contact details an agent adds or corrects in a conversation (issue #29.4), checked like the forms' fields. Each
 * is optional; blank clears it. The phone must also be a real number (the server stores its E.164 form).
 */
export const agentContactSchema = z.strictObject({
  conversationId,
  name: optionalText('Name', FIELD_MAX.name, { name: true }),
  email: cleanString('Email address must be text.')
    .pipe(
      z
        .string()
        .max(FIELD_MAX.email, `Email address must be ${FIELD_MAX.email} characters or fewer.`)
        .refine((value) => value === '' || z.email().safeParse(value).success, { error: EMAIL_FORMAT_MESSAGE }),
    )
    .optional()
    .transform((value) => value || null),
  phone: optionalPhone(),
});
export type AgentContactInput = z.input<typeof agentContactSchema>;
export const CONTACT_PHONE_INVALID_MESSAGE = 'Enter a real phone number, like +234 803 123 4567.';
