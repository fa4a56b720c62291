/**
 * A file a patient sent in a chat (issue #30: photos, documents and voice notes from WhatsApp), as the agent console
 * shows it. The bytes are served to staff only, at `url`; a file we refused has no url and says why.
 */

export const CHAT_ATTACHMENT_KINDS = ['image', 'document', 'audio', 'video', 'sticker'] as const;
export type ChatAttachmentKind = (typeof CHAT_ATTACHMENT_KINDS)[number];

export type ChatAttachment = {
  id: number;
  kind: ChatAttachmentKind;
  /** The checked type of the stored bytes ('audio/ogg'), or what the provider claimed for a refused file. */
  mimeType: string;
  /** Bytes stored; for a refused file the size the provider announced, when it did. */
  byteSize: number | null;
  /** A document's name as the patient's phone gave it. */
  filename: string | null;
  caption: string | null;
  /** A voice note recorded in WhatsApp (audio only). */
  voice: boolean;
  /** Where staff fetch the bytes (GET /staff/attachments/:id); null when the file was refused. */
  url: string | null;
  /** Why the file was not accepted ('too large (18 MB, limit 16 MB)'); null when stored. */
  refusal: string | null;
};

/** The staff-only address of an attachment's bytes. */
export const chatAttachmentUrl = (id: number) => `/staff/attachments/${id}`;

/** Our limit on one file a patient sends (ADR 0050): below Meta's own for video and documents, above voice notes. */
export const CHAT_ATTACHMENT_MAX_BYTES = 16 * 1024 * 1024;

/** '840 bytes', '12 KB', '2.4 MB', '18 MB': sizes as staff read them. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  const megabytes = bytes / (1024 * 1024);
  return `${megabytes < 10 ? Math.round(megabytes * 10) / 10 : Math.round(megabytes)} MB`;
}

/** The line the console shows for a refused file. */
export const refusedAttachmentText = (refusal: string) => `The patient sent a file we could not accept: ${refusal}.`;
