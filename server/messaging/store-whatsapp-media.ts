/**
 * The inbound path's one call for a WhatsApp media message (issue #30.1, ADR 0050): fetch the file through the Graph
 * media endpoint, check it, and store it in chat_attachments once per media id. A file we will not keep (too large,
 * a type we do not accept, contents that are not what they claim, a checksum that does not match) is stored as a
 * refusal the console shows ("The patient sent a file we could not accept: too large (18 MB, limit 16 MB)"), with no
 * bytes. A failure to reach Meta stores nothing and throws a retryable ProviderError: the caller decides whether the
 * webhook answers 5xx (Meta retries) or the message goes on without its file.
 */
import { chatAttachmentUrl, type ChatAttachment } from '../../shared/chat-attachments';
import { chatAttachments, type ChatAttachmentRow } from '../data/chat-attachments';
import type { AppDatabase } from '../db/database';
import type { InboundMedia } from './messaging-types';
import { MediaRefused, type MediaFetcher } from './whatsapp-media';

export type StoreWhatsAppMediaDeps = { db: AppDatabase; fetchMedia: MediaFetcher };

export type StoreWhatsAppMediaInput = {
  conversationId: number;
  /** The chat message the file came with, when already stored; chatAttachments.linkMessage sets it later. */
  messageId: number | null;
  media: InboundMedia;
};

export type StoredWhatsAppMedia =
  | { outcome: 'stored'; attachment: ChatAttachment; created: boolean }
  | { outcome: 'refused'; attachment: ChatAttachment; refusal: string; created: boolean };

/** An attachment as agents get it on a chat message (ChatMessage.attachment). */
export const toChatAttachment = (row: ChatAttachmentRow): ChatAttachment => ({
  id: row.id,
  kind: row.kind,
  mimeType: row.mime_type,
  byteSize: row.byte_size === null ? null : Number(row.byte_size),
  filename: row.filename,
  caption: row.caption,
  voice: Number(row.voice) === 1,
  url: row.refusal === null ? chatAttachmentUrl(row.id) : null,
  refusal: row.refusal,
});

/** The attachment of each of these messages, by message id: what the console's history puts on each message. */
export async function attachmentsOfMessages(
  db: AppDatabase,
  messageIds: readonly number[],
): Promise<Map<number, ChatAttachment>> {
  const rows = await chatAttachments.forMessages(db, messageIds);
  return new Map(rows.map((row) => [row.message_id!, toChatAttachment(row)]));
}

/** PostgreSQL's integer: a size Meta announces beyond it is kept as unknown rather than failing the insert. */
const MAX_STORED_SIZE = 2 ** 31 - 1;

const outcomeOf = (attachment: ChatAttachment, created: boolean): StoredWhatsAppMedia =>
  attachment.refusal === null
    ? { outcome: 'stored', attachment, created }
    : { outcome: 'refused', attachment, refusal: attachment.refusal, created };

export async function storeWhatsAppMedia(
  deps: StoreWhatsAppMediaDeps,
  input: StoreWhatsAppMediaInput,
): Promise<StoredWhatsAppMedia> {
  const { media } = input;
  // Meta retries webhooks: a file already stored (or refused) is neither fetched nor stored again.
  const existing = await chatAttachments.findByProviderMediaId(deps.db, media.id);
  if (existing) return outcomeOf(toChatAttachment(existing), false);

  const described = {
    conversationId: input.conversationId,
    messageId: input.messageId,
    providerMediaId: media.id,
    kind: media.kind,
    filename: media.filename?.slice(0, 255) ?? null,
    caption: media.caption ?? null,
    voice: media.kind === 'audio' && media.voice === true,
  };
  let stored;
  try {
    const file = await deps.fetchMedia(media);
    stored = await chatAttachments.insertOnce(deps.db, {
      ...described,
      mimeType: file.mimeType,
      byteSize: file.byteSize,
      bytes: file.bytes,
      sha256: file.sha256,
    });
  } catch (error) {
    if (!(error instanceof MediaRefused)) throw error;
    const size = error.byteSize;
    stored = await chatAttachments.insertOnce(deps.db, {
      ...described,
      mimeType: media.mimeType.slice(0, 255),
      byteSize: size !== null && size <= MAX_STORED_SIZE ? size : null,
      refusal: error.refusal,
    });
  }
  return outcomeOf(toChatAttachment(stored.row), stored.created);
}
