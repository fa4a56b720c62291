/**
 * The fake WhatsApp user's photos and voice notes (issue #30.7), and the Graph media endpoints that hand them to the
 * app as Meta does (https://developers.facebook.com/docs/whatsapp/cloud-api/reference/media): GET /{version}/{media-id}
 * with the Bearer token answers the file's url, mime_type, sha256 and file_size; a GET of that url with the same token
 * answers the bytes. Only the media this fake sent are there; the newest `limit` are kept.
 */
import { createHash } from 'node:crypto';
import { decimalId, headerValue } from './fake-answers';
import { fakePhotoPng, fakeVoiceNoteOgg } from './fake-media-files';
import type { FakeCredentials } from './fake-provider-settings';

export const FAKE_MEDIA_KINDS = ['photo', 'voice'] as const;
export type FakeMediaKind = (typeof FAKE_MEDIA_KINDS)[number];

const METADATA_PATH = /^\/v\d+\.\d+\/(\d{6,20})$/;
const DOWNLOAD_PATH = /^\/whatsapp-media\/(\d{6,20})$/;

type FakeMediaFile = { id: string; bytes: Buffer; mimeType: string; sha256: string };

/** A GET the fake answers: status, type and body (bytes for the file itself). */
export type FakeMediaAnswer = { status: number; contentType: string; body: Buffer };

const json = (status: number, body: unknown): FakeMediaAnswer => ({
  status,
  contentType: 'application/json; charset=utf-8',
  body: Buffer.from(JSON.stringify(body)),
});
const graphError = (status: number, code: number, message: string, extra: Record<string, unknown> = {}) =>
  json(status, { error: { message, type: 'OAuthException', code, ...extra, fbtrace_id: 'AFakeMediaTrace' } });

/** What the webhook's image or audio object says about a file (Meta gives its SHA-256 there in base64). */
export type FakeMediaMessage = { type: 'image' | 'audio'; object: Record<string, unknown> };

export function createFakeWhatsAppMedia(limit: number) {
  const files = new Map<string, FakeMediaFile>();

  /** Keeps a new file of `kind` and gives the webhook's message fields for it. */
  function add(kind: FakeMediaKind, caption?: string): FakeMediaMessage {
    const id = decimalId(16);
    const bytes = kind === 'photo' ? fakePhotoPng() : fakeVoiceNoteOgg();
    const mimeType = kind === 'photo' ? 'image/png' : 'audio/ogg; codecs=opus';
    const digest = createHash('sha256').update(bytes).digest();
    files.set(id, { id, bytes, mimeType, sha256: digest.toString('hex') });
    for (const old of files.keys()) {
      if (files.size <= limit) break;
      files.delete(old);
    }
    const object = { mime_type: mimeType, sha256: digest.toString('base64'), id };
    return kind === 'photo'
      ? { type: 'image', object: { ...object, ...(caption ? { caption } : {}) } }
      : { type: 'audio', object: { ...object, voice: true } };
  }

  const handles = (pathname: string) => METADATA_PATH.test(pathname) || DOWNLOAD_PATH.test(pathname);

  /** Answers GET {graph}/{media-id} and the download, Bearer token required as Meta does. */
  function answer(
    pathname: string,
    headers: Record<string, string | string[] | undefined>,
    credentials: FakeCredentials,
  ): FakeMediaAnswer {
    const authorization = headerValue(headers, 'authorization');
    if (!authorization?.startsWith('Bearer '))
      return graphError(401, 2500, 'An active access token must be used to query information about the current user.');
    if (authorization.slice('Bearer '.length) !== credentials.WHATSAPP_ACCESS_TOKEN)
      return graphError(401, 190, 'Invalid OAuth access token - Cannot parse access token');
    const download = DOWNLOAD_PATH.exec(pathname)?.[1];
    const id = download ?? METADATA_PATH.exec(pathname)?.[1] ?? '';
    const file = files.get(id);
    if (!file)
      return graphError(
        400,
        100,
        `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
        { error_subcode: 33 },
      );
    if (download) return { status: 200, contentType: file.mimeType, body: file.bytes };
    const host = headerValue(headers, 'host') ?? '127.0.0.1';
    return json(200, {
      messaging_product: 'whatsapp',
      url: `http://${host}/whatsapp-media/${file.id}`,
      mime_type: file.mimeType,
      sha256: file.sha256,
      file_size: String(file.bytes.length),
      id: file.id,
    });
  }

  return { add, handles, answer };
}

export type FakeWhatsAppMedia = ReturnType<typeof createFakeWhatsAppMedia>;
