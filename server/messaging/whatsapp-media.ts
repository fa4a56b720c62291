/**
 * The file behind a WhatsApp media message (issue #30.1): the Graph media endpoint
 * (https://developers.facebook.com/docs/whatsapp/cloud-api/reference/media) answers GET {graph}/{media-id} with a
 * short-lived URL, the type, the SHA-256 and the size; a GET of that URL with the same Bearer token gives the bytes.
 *
 * What we keep is decided here (ADR 0050): at most CHAT_ATTACHMENT_MAX_BYTES (refused from the announced size, from
 * Content-Length, and while the bytes stream in), only the types of MEDIA_TYPES, whose first bytes must be that type's
 * signature, and only bytes whose SHA-256 matches the one Meta gives. A refusal is a MediaRefused (never retried: the
 * same file would be refused again); a failure to reach Meta is a retryable ProviderError.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { CHAT_ATTACHMENT_MAX_BYTES, formatFileSize } from '../../shared/chat-attachments';
import type { Env } from '../env';
import { ProviderError, type InboundMedia } from './messaging-types';
import type { ProviderSettings } from './providers/provider-settings';
import { redact, requestProvider, retryableHttpStatus } from './providers/provider-request';

/** How long the download of one file may take: 16 MB on a slow link, well above the 15 s of a send. */
export const MEDIA_DOWNLOAD_TIMEOUT_MS = 60_000;

const startsWith = (head: Uint8Array, signature: readonly number[] | string, offset = 0) => {
  const bytes = typeof signature === 'string' ? [...Buffer.from(signature, 'latin1')] : signature;
  return head.length >= offset + bytes.length && bytes.every((byte, index) => head[offset + index] === byte);
};
/** ISO base media (MP4, M4A, 3GP): a box size, then 'ftyp'. */
const isoMedia = (head: Uint8Array) => startsWith(head, 'ftyp', 4);

/**
 * The types we accept, each with the signature its first bytes must carry (the file's "magic number"). WhatsApp sends
 * photos as JPEG, stickers as WebP, voice notes as Ogg Opus; phones' audio files are MP3, M4A, AAC or AMR.
 * Office files, archives and anything executable are left out: staff open what patients send.
 */
export const MEDIA_TYPES: Record<string, (head: Uint8Array) => boolean> = {
  'image/jpeg': (head) => startsWith(head, [0xff, 0xd8, 0xff]),
  'image/png': (head) => startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/webp': (head) => startsWith(head, 'RIFF') && startsWith(head, 'WEBP', 8),
  'audio/ogg': (head) => startsWith(head, 'OggS'),
  // An ID3 tag, or straight into an MPEG frame (11 sync bits).
  'audio/mpeg': (head) => startsWith(head, 'ID3') || (head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0),
  'audio/mp4': isoMedia,
  // ADTS frames (12 sync bits, layer 0) or an ADIF header.
  'audio/aac': (head) => (head[0] === 0xff && ((head[1] ?? 0) & 0xf6) === 0xf0) || startsWith(head, 'ADIF'),
  'audio/amr': (head) => startsWith(head, '#!AMR'),
  'video/mp4': isoMedia,
  'video/3gpp': isoMedia,
  'application/pdf': (head) => startsWith(head, '%PDF-'),
};

/** 'audio/ogg; codecs=opus' → 'audio/ogg'. */
export const baseMimeType = (mimeType: string) => mimeType.split(';')[0]!.trim().toLowerCase();

export type MediaRefusalReason = 'too_large' | 'type_not_allowed' | 'content_mismatch' | 'checksum_mismatch';

/** A file we will not keep, and why, in words the console shows after "The patient sent a file we could not accept". */
export class MediaRefused extends ProviderError {
  override name = 'MediaRefused';
  constructor(
    readonly reason: MediaRefusalReason,
    /** 'too large (18 MB, limit 16 MB)' */
    readonly refusal: string,
    /** The size Meta announced or we counted, when known. */
    readonly byteSize: number | null = null,
  ) {
    super(`WhatsApp media refused: ${refusal}`, false);
  }
}

const limitText = (limit: number) => `limit ${formatFileSize(limit)}`;
const tooLarge = (size: number, limit: number) =>
  new MediaRefused('too_large', `too large (${formatFileSize(size)}, ${limitText(limit)})`, size);

/** The checked file: bytes of an allowed type, within the limit, matching their signature and checksum. */
export type FetchedMedia = { bytes: Buffer; mimeType: string; byteSize: number; sha256: string };

/** Fetches the file of a media message, or throws MediaRefused / ProviderError. */
export type MediaFetcher = (media: InboundMedia) => Promise<FetchedMedia>;

export type WhatsAppMediaSettings = ProviderSettings<'WHATSAPP_ACCESS_TOKEN' | 'WHATSAPP_GRAPH_URL'>;

const metadataSchema = z.object({
  url: z.url({ protocol: /^https?$/ }),
  mime_type: z.string().min(1),
  sha256: z.string().optional(),
  // The reference shows it as a string; a number is read the same.
  file_size: z.coerce.number().int().nonnegative().optional(),
});

const graphErrorSchema = z.object({
  error: z.object({
    message: z.string().optional(),
    code: z.number().optional(),
    error_subcode: z.number().optional(),
  }),
});

function metadataError(status: number, json: unknown, text: string, secrets: readonly string[]) {
  const parsed = graphErrorSchema.safeParse(json);
  const error = parsed.success ? parsed.data.error : undefined;
  const detail = [
    error?.code === undefined ? '' : `code ${error.code}`,
    error?.error_subcode ? `subcode ${error.error_subcode}` : '',
  ]
    .filter(Boolean)
    .join(', ');
  const reason = redact(error?.message ?? (text || 'no reason given'), secrets);
  // A media id that does not exist or has expired (Meta keeps media 30 days) stays so: only the status says retry.
  return new ProviderError(
    `WhatsApp refused the media request (${status}): ${reason}${detail ? ` [${detail}]` : ''}`,
    retryableHttpStatus(status),
    status,
  );
}

/** Whether `expected` (hex, as the media endpoint gives it, or base64, as some webhooks do) is this digest. */
function checksumMatches(digest: Buffer, expected: string) {
  const value = expected.trim();
  return value.toLowerCase() === digest.toString('hex') || value === digest.toString('base64');
}

/** Reads a body to its end, refusing it as soon as it passes `limit` bytes (a lying Content-Length or none). */
async function readLimited(response: Response, limit: number): Promise<Buffer> {
  const announced = Number(response.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(announced) && announced > limit) {
    void response.body?.cancel().catch(() => undefined);
    throw tooLarge(announced, limit);
  }
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      void reader.cancel().catch(() => undefined);
      throw new MediaRefused('too_large', `too large (more than ${formatFileSize(limit)}, ${limitText(limit)})`, size);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

export function createWhatsAppMediaFetcher(
  settings: WhatsAppMediaSettings,
  options: { fetchImpl?: typeof fetch; maxBytes?: number } = {},
): MediaFetcher {
  const fetchImpl = options.fetchImpl ?? ((input, init) => fetch(input, init));
  const maxBytes = options.maxBytes ?? CHAT_ATTACHMENT_MAX_BYTES;
  const base = settings.WHATSAPP_GRAPH_URL.replace(/\/+$/, '');
  const secrets = [settings.WHATSAPP_ACCESS_TOKEN];
  const authorization = `Bearer ${settings.WHATSAPP_ACCESS_TOKEN}`;

  const refuseType = (mimeType: string) => {
    if (!MEDIA_TYPES[baseMimeType(mimeType)])
      throw new MediaRefused('type_not_allowed', `a type of file we do not accept (${baseMimeType(mimeType)})`);
  };

  async function download(url: string): Promise<Buffer> {
    let response: Response;
    try {
      response = await fetchImpl(url, {
        headers: { Authorization: authorization },
        signal: AbortSignal.timeout(MEDIA_DOWNLOAD_TIMEOUT_MS),
      });
    } catch (error) {
      throw new ProviderError(`WhatsApp media could not be downloaded (${redact(String(error), secrets)})`, true);
    }
    if (!response.ok) {
      const text = await response.text().catch(() => '');
      throw new ProviderError(
        `WhatsApp refused the media download (${response.status}): ${redact(text, secrets) || 'no reason given'}`,
        retryableHttpStatus(response.status),
        response.status,
      );
    }
    try {
      return await readLimited(response, maxBytes);
    } catch (error) {
      if (error instanceof MediaRefused) throw error;
      throw new ProviderError(`WhatsApp media broke off while downloading (${redact(String(error), secrets)})`, true);
    }
  }

  return async (media) => {
    // Refused before a request: a type we would not keep is not worth 16 MB of the patient's data plan or ours.
    refuseType(media.mimeType);
    const reply = await requestProvider(fetchImpl, {
      provider: 'WhatsApp',
      url: `${base}/${encodeURIComponent(media.id)}`,
      secrets,
      init: { method: 'GET', headers: { Authorization: authorization, Accept: 'application/json' } },
    });
    if (!reply.ok) throw metadataError(reply.status, reply.json, reply.text, secrets);
    const parsed = metadataSchema.safeParse(reply.json);
    if (!parsed.success)
      throw new ProviderError(
        `WhatsApp answered ${reply.status} without a media URL: ${redact(reply.text, secrets)}`,
        false,
        reply.status,
      );
    const metadata = parsed.data;
    refuseType(metadata.mime_type);
    if (metadata.file_size !== undefined && metadata.file_size > maxBytes) throw tooLarge(metadata.file_size, maxBytes);

    const bytes = await download(metadata.url);
    const mimeType = baseMimeType(metadata.mime_type);
    if (!MEDIA_TYPES[mimeType]!(bytes))
      throw new MediaRefused(
        'content_mismatch',
        `its contents are not the ${mimeType} file it claims to be`,
        bytes.length,
      );
    const digest = createHash('sha256').update(bytes).digest();
    for (const expected of [metadata.sha256, media.sha256])
      if (expected && !checksumMatches(digest, expected))
        throw new MediaRefused(
          'checksum_mismatch',
          'it was changed or damaged on the way (its checksum does not match)',
          bytes.length,
        );
    return { bytes, mimeType, byteSize: bytes.length, sha256: digest.toString('hex') };
  };
}

/**
 * The fetcher for the app's WhatsApp settings, or null when no access token is set (then media messages arrive without
 * their files, and the caller should record that). What the inbound path builds once, beside the webhooks.
 */
export function whatsAppMediaFetcherFor(
  env: Pick<Env, 'WHATSAPP_ACCESS_TOKEN' | 'WHATSAPP_GRAPH_URL'>,
  fetchImpl?: typeof fetch,
): MediaFetcher | null {
  if (!env.WHATSAPP_ACCESS_TOKEN) return null;
  return createWhatsAppMediaFetcher(
    { WHATSAPP_ACCESS_TOKEN: env.WHATSAPP_ACCESS_TOKEN, WHATSAPP_GRAPH_URL: env.WHATSAPP_GRAPH_URL },
    fetchImpl ? { fetchImpl } : {},
  );
}
