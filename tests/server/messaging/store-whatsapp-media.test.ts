import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { refusedAttachmentText } from '../../../shared/chat-attachments';
import { chatAttachments } from '../../../server/data/chat-attachments';
import { chatDesk } from '../../../server/data/chat-desk';
import type { AppDatabase } from '../../../server/db/database';
import { fakePhotoPng, fakeVoiceNoteOgg } from '../../../server/messaging/fake-provider/fake-media-files';
import { ProviderError, type InboundMedia } from '../../../server/messaging/messaging-types';
import { attachmentsOfMessages, storeWhatsAppMedia } from '../../../server/messaging/store-whatsapp-media';
import { MediaRefused, type FetchedMedia, type MediaFetcher } from '../../../server/messaging/whatsapp-media';
import { createTestDb } from '../../helpers/test-db';

let db: AppDatabase;
let conversationId: number;
beforeEach(async () => {
  db = await createTestDb();
  const now = new Date().toISOString();
  ({ id: conversationId } = await db
    .insertInto('chat_conversations')
    .values({ visitor_key: 'wa:+2348031234567', last_activity_at: now, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow());
});
afterEach(() => db.destroy());

const voiceNote: InboundMedia = {
  id: '1003383421387256',
  kind: 'audio',
  mimeType: 'audio/ogg; codecs=opus',
  voice: true,
};
const fileOf = (bytes: Buffer, mimeType: string): FetchedMedia => ({
  bytes,
  mimeType,
  byteSize: bytes.length,
  sha256: createHash('sha256').update(bytes).digest('hex'),
});

/** A fetcher answering `answer` and counting its calls. */
function fetcher(answer: () => Promise<FetchedMedia>) {
  const calls: InboundMedia[] = [];
  const fetchMedia: MediaFetcher = (media) => {
    calls.push(media);
    return answer();
  };
  return { calls, fetchMedia };
}

const rows = () => db.selectFrom('chat_attachments').selectAll().execute();

describe('storeWhatsAppMedia', () => {
  it('stores the checked bytes once with the media fields, and serves them back as stored', async () => {
    const ogg = fakeVoiceNoteOgg();
    const { calls, fetchMedia } = fetcher(() => Promise.resolve(fileOf(ogg, 'audio/ogg')));
    const result = await storeWhatsAppMedia({ db, fetchMedia }, { conversationId, messageId: null, media: voiceNote });
    expect(result).toEqual({
      outcome: 'stored',
      created: true,
      attachment: {
        id: expect.any(Number) as number,
        kind: 'audio',
        mimeType: 'audio/ogg',
        byteSize: ogg.length,
        filename: null,
        caption: null,
        voice: true,
        url: `/staff/attachments/${result.attachment.id}`,
        refusal: null,
      },
    });
    expect(calls).toEqual([voiceNote]);
    const content = await chatAttachments.content(db, result.attachment.id);
    expect(content).toMatchObject({ conversation_id: conversationId, mime_type: 'audio/ogg', kind: 'audio' });
    expect(Buffer.from(content!.bytes!).equals(ogg)).toBe(true);
  });

  it('stores the same media id once: a retried webhook neither fetches nor stores it again', async () => {
    const { calls, fetchMedia } = fetcher(() => Promise.resolve(fileOf(fakePhotoPng(), 'image/png')));
    const media: InboundMedia = { id: 'media-photo-1', kind: 'image', mimeType: 'image/png', caption: 'My rash' };
    const first = await storeWhatsAppMedia({ db, fetchMedia }, { conversationId, messageId: null, media });
    const again = await storeWhatsAppMedia({ db, fetchMedia }, { conversationId, messageId: null, media });
    expect(again).toEqual({ ...first, created: false });
    expect(calls).toHaveLength(1);
    expect(await rows()).toHaveLength(1);
  });

  it('stores one row when the same media arrives on many paths at once', async () => {
    const { fetchMedia } = fetcher(() => Promise.resolve(fileOf(fakePhotoPng(), 'image/png')));
    const media: InboundMedia = { id: 'media-photo-2', kind: 'image', mimeType: 'image/png' };
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        storeWhatsAppMedia({ db, fetchMedia }, { conversationId, messageId: null, media }),
      ),
    );
    expect(await rows()).toHaveLength(1);
    expect(new Set(results.map((result) => result.attachment.id)).size).toBe(1);
    expect(results.filter((result) => result.created)).toHaveLength(1);
  });

  it('records a refused file with its reason and announced size, and no bytes', async () => {
    const size = 18 * 1024 * 1024;
    const { fetchMedia } = fetcher(() =>
      Promise.reject(new MediaRefused('too_large', 'too large (18 MB, limit 16 MB)', size)),
    );
    const media: InboundMedia = {
      id: 'media-big-video',
      kind: 'video',
      mimeType: 'video/mp4',
      caption: 'See my leg',
    };
    const result = await storeWhatsAppMedia({ db, fetchMedia }, { conversationId, messageId: null, media });
    expect(result).toMatchObject({
      outcome: 'refused',
      refusal: 'too large (18 MB, limit 16 MB)',
      attachment: { kind: 'video', byteSize: size, url: null, caption: 'See my leg' },
    });
    expect(refusedAttachmentText(result.attachment.refusal!)).toBe(
      'The patient sent a file we could not accept: too large (18 MB, limit 16 MB).',
    );
    const [row] = await rows();
    expect(row).toMatchObject({ bytes: null, sha256: null, refusal: 'too large (18 MB, limit 16 MB)' });
    expect(await chatAttachments.content(db, result.attachment.id)).toBeUndefined();
    // Refused once, refused for good: the retried webhook finds the refusal.
    const again = await storeWhatsAppMedia({ db, fetchMedia }, { conversationId, messageId: null, media });
    expect(again).toMatchObject({ outcome: 'refused', created: false });
  });

  it('keeps an announced size beyond a 32-bit integer as unknown', async () => {
    const { fetchMedia } = fetcher(() =>
      Promise.reject(new MediaRefused('too_large', 'too large (5 GB)', 5 * 1024 ** 3)),
    );
    const media: InboundMedia = { id: 'media-huge', kind: 'document', mimeType: 'application/pdf', filename: 'a.pdf' };
    const result = await storeWhatsAppMedia({ db, fetchMedia }, { conversationId, messageId: null, media });
    expect(result.attachment).toMatchObject({ byteSize: null, filename: 'a.pdf' });
  });

  it('stores nothing and throws when Meta cannot be reached, so the file can be fetched on a retry', async () => {
    const { fetchMedia } = fetcher(() => Promise.reject(new ProviderError('WhatsApp could not be reached', true)));
    await expect(
      storeWhatsAppMedia({ db, fetchMedia }, { conversationId, messageId: null, media: voiceNote }),
    ).rejects.toMatchObject({ retryable: true });
    expect(await rows()).toEqual([]);
  });

  it('gives each message its attachment once linked', async () => {
    const { fetchMedia } = fetcher(() => Promise.resolve(fileOf(fakeVoiceNoteOgg(), 'audio/ogg')));
    const stored = await storeWhatsAppMedia({ db, fetchMedia }, { conversationId, messageId: null, media: voiceNote });
    const { id: messageId } = await db
      .insertInto('chat_messages')
      .values({ conversation_id: conversationId, message: '', sender: 'user', created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await attachmentsOfMessages(db, [messageId])).toEqual(new Map());
    await chatAttachments.linkMessage(db, stored.attachment.id, messageId);
    expect(await attachmentsOfMessages(db, [messageId, messageId + 1])).toEqual(
      new Map([[messageId, stored.attachment]]),
    );
    expect(await attachmentsOfMessages(db, [])).toEqual(new Map());
  });
});

describe('chat_attachments', () => {
  const base = (id: string) => ({
    conversation_id: conversationId,
    provider_media_id: id,
    kind: 'image' as const,
    mime_type: 'image/png',
    created_at: new Date().toISOString(),
  });

  it('holds either the bytes or a refusal: never both, never neither', async () => {
    await expect(db.insertInto('chat_attachments').values(base('neither')).execute()).rejects.toThrow();
    await expect(
      db
        .insertInto('chat_attachments')
        .values({ ...base('both'), bytes: fakePhotoPng(), refusal: 'too large' })
        .execute(),
    ).rejects.toThrow();
    expect(await rows()).toEqual([]);
  });

  it('goes with its conversation', async () => {
    await db
      .insertInto('chat_attachments')
      .values({ ...base('gone'), bytes: fakePhotoPng() })
      .execute();
    await db.deleteFrom('chat_conversations').where('id', '=', conversationId).execute();
    expect(await rows()).toEqual([]);
  });

  it("follows its conversation when a visitor's chat is merged into the patient's", async () => {
    const now = new Date().toISOString();
    await db.updateTable('chat_conversations').set({ visitor_key: 'v:anonymous-1' }).execute();
    const { id: patientConversation } = await db
      .insertInto('chat_conversations')
      .values({ visitor_key: 'u:42', last_activity_at: now, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('chat_attachments')
      .values({ ...base('merged'), bytes: fakePhotoPng() })
      .execute();
    expect(await chatDesk.mergeIntoPatient(db, 'v:anonymous-1', 42)).toBe(patientConversation);
    expect(await rows()).toEqual([expect.objectContaining({ conversation_id: patientConversation })]);
  });
});
