/**
 * Files patients send in a chat (issue #30, migrations/0096, ADR 0050): the checked bytes, or why they were refused.
 * One row per provider media id, enforced by the database: a retried webhook finds the row already there.
 */
import type { ChatAttachmentKind } from '../../shared/chat-attachments';
import type { AppDatabase } from '../db/database';

/** Everything but the bytes: what the console lists. */
const listColumns = [
  'id',
  'conversation_id',
  'message_id',
  'provider_media_id',
  'kind',
  'mime_type',
  'byte_size',
  'sha256',
  'filename',
  'caption',
  'voice',
  'refusal',
  'created_at',
] as const;

export type ChatAttachmentRow = {
  id: number;
  conversation_id: number;
  message_id: number | null;
  provider_media_id: string;
  kind: ChatAttachmentKind;
  mime_type: string;
  byte_size: number | null;
  sha256: string | null;
  filename: string | null;
  caption: string | null;
  voice: number;
  refusal: string | null;
  created_at: string;
};

/** A new attachment: either `bytes` (checked, with their sha256) or a `refusal`. */
export type NewChatAttachment = {
  conversationId: number;
  messageId: number | null;
  providerMediaId: string;
  kind: ChatAttachmentKind;
  mimeType: string;
  byteSize: number | null;
  filename: string | null;
  caption: string | null;
  voice: boolean;
} & (
  { bytes: Buffer; sha256: string; refusal?: undefined } | { refusal: string; bytes?: undefined; sha256?: undefined }
);

export const chatAttachments = {
  findByProviderMediaId: (db: AppDatabase, providerMediaId: string): Promise<ChatAttachmentRow | undefined> =>
    db
      .selectFrom('chat_attachments')
      .select(listColumns)
      .where('provider_media_id', '=', providerMediaId)
      .executeTakeFirst(),

  /**
   * Stores the attachment once: a second insert of the same provider media id (a retried webhook, a second node)
   * changes nothing. Returns the row that stands, with `created` saying whether this call stored it.
   */
  insertOnce: async (db: AppDatabase, attachment: NewChatAttachment) => {
    const inserted = await db
      .insertInto('chat_attachments')
      .values({
        conversation_id: attachment.conversationId,
        message_id: attachment.messageId,
        provider_media_id: attachment.providerMediaId,
        kind: attachment.kind,
        mime_type: attachment.mimeType,
        byte_size: attachment.byteSize,
        sha256: attachment.sha256 ?? null,
        filename: attachment.filename,
        caption: attachment.caption,
        voice: attachment.voice ? 1 : 0,
        refusal: attachment.refusal ?? null,
        bytes: attachment.bytes ?? null,
        created_at: new Date().toISOString(),
      })
      .onConflict((conflict) => conflict.column('provider_media_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    const row = await chatAttachments.findByProviderMediaId(db, attachment.providerMediaId);
    if (!row) throw new Error(`chat attachment ${attachment.providerMediaId} vanished after its insert`);
    return { row, created: inserted !== undefined };
  },

  /** Ties an attachment stored before its message to that message. */
  linkMessage: async (db: AppDatabase, id: number, messageId: number) => {
    await db.updateTable('chat_attachments').set({ message_id: messageId }).where('id', '=', id).execute();
  },

  /** The attachments of these messages (for a conversation's history in the console), oldest first. */
  forMessages: async (db: AppDatabase, messageIds: readonly number[]): Promise<ChatAttachmentRow[]> => {
    if (!messageIds.length) return [];
    return db
      .selectFrom('chat_attachments')
      .select(listColumns)
      .where('message_id', 'in', messageIds)
      .orderBy('id')
      .execute();
  },

  /** One stored file with its bytes, for GET /staff/attachments/:id; undefined when absent or refused. */
  content: (db: AppDatabase, id: number) =>
    db
      .selectFrom('chat_attachments')
      .select(['id', 'conversation_id', 'kind', 'mime_type', 'filename', 'bytes'])
      .where('id', '=', id)
      .where('bytes', 'is not', null)
      .executeTakeFirst(),
};
