import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fakePhotoPng, fakeVoiceNoteOgg } from '../../../server/messaging/fake-provider/fake-media-files';
import { ProviderError, type InboundMedia } from '../../../server/messaging/messaging-types';
import {
  createWhatsAppMediaFetcher,
  MEDIA_TYPES,
  MediaRefused,
  whatsAppMediaFetcherFor,
} from '../../../server/messaging/whatsapp-media';

const settings = {
  WHATSAPP_ACCESS_TOKEN: 'EAAGm0PX4ZCpsBAmediatoken0123456789',
  WHATSAPP_GRAPH_URL: 'https://graph.test/v21.0',
};
const mediaId = '1003383421387256';
const metadataUrl = `https://graph.test/v21.0/${mediaId}`;
const fixtures = path.resolve(import.meta.dirname, 'fixtures/whatsapp-cloud');
/** Meta's example answer of GET /{media-id}: its url is where the bytes are. */
const example = JSON.parse(fs.readFileSync(path.join(fixtures, 'media-url.json'), 'utf8')) as Record<string, string>;
const downloadUrl = example.url!;

const hex = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const base64 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('base64');

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

type Seen = { url: string; authorization: string | null };

/** Answers the metadata GET as Meta does (overrides merged in) and the download with `bytes`. */
function graph(bytes: Buffer | null, overrides: Record<string, unknown> = {}) {
  const seen: Seen[] = [];
  const metadata = {
    ...example,
    mime_type: 'image/png',
    sha256: hex(bytes ?? Buffer.alloc(0)),
    file_size: String(bytes?.length ?? 0),
    ...overrides,
  };
  server.use(
    http.get(metadataUrl, ({ request }) => {
      seen.push({ url: request.url, authorization: request.headers.get('authorization') });
      return HttpResponse.json(metadata);
    }),
  );
  if (bytes)
    server.use(
      http.get(downloadUrl.split('?')[0]!, ({ request }) => {
        seen.push({ url: request.url, authorization: request.headers.get('authorization') });
        return new HttpResponse(bytes, { headers: { 'content-type': String(metadata.mime_type) } });
      }),
    );
  return seen;
}

const photo: InboundMedia = { id: mediaId, kind: 'image', mimeType: 'image/png' };
const fetchMedia = (media: InboundMedia = photo, maxBytes?: number) =>
  createWhatsAppMediaFetcher(settings, maxBytes ? { maxBytes } : {})(media);
const failure = (media?: InboundMedia, maxBytes?: number) =>
  fetchMedia(media, maxBytes).then(
    () => {
      throw new Error('expected the fetch to fail');
    },
    (error: unknown) => error as ProviderError,
  );

describe('createWhatsAppMediaFetcher (Graph media endpoint)', () => {
  it('gets the URL from GET {graph}/{media-id}, then the bytes from it, both with the bearer token', async () => {
    const png = fakePhotoPng();
    const seen = graph(png);
    const fetched = await fetchMedia({ ...photo, sha256: base64(png) });
    expect(fetched).toEqual({ bytes: png, mimeType: 'image/png', byteSize: png.length, sha256: hex(png) });
    expect(seen).toEqual([
      { url: metadataUrl, authorization: `Bearer ${settings.WHATSAPP_ACCESS_TOKEN}` },
      { url: downloadUrl, authorization: `Bearer ${settings.WHATSAPP_ACCESS_TOKEN}` },
    ]);
  });

  it("takes a voice note's 'audio/ogg; codecs=opus' as audio/ogg", async () => {
    const ogg = fakeVoiceNoteOgg();
    graph(ogg, { mime_type: 'audio/ogg; codecs=opus' });
    const fetched = await fetchMedia({ id: mediaId, kind: 'audio', mimeType: 'audio/ogg; codecs=opus', voice: true });
    expect(fetched).toMatchObject({ mimeType: 'audio/ogg', byteSize: ogg.length });
  });

  it('refuses a type outside the allow-list before any request', async () => {
    const error = await failure({ id: mediaId, kind: 'document', mimeType: 'application/zip', filename: 'x.zip' });
    expect(error).toBeInstanceOf(MediaRefused);
    expect(error).toMatchObject({
      reason: 'type_not_allowed',
      refusal: 'a type of file we do not accept (application/zip)',
      retryable: false,
    });
  });

  it('refuses a type the media endpoint names outside the allow-list, whatever the webhook said', async () => {
    graph(null, { mime_type: 'application/vnd.ms-excel.sheet.macroEnabled.12' });
    expect(await failure()).toMatchObject({ reason: 'type_not_allowed' });
  });

  it('refuses a file whose announced size is over the limit, without downloading it', async () => {
    const seen = graph(null, { file_size: String(18 * 1024 * 1024) });
    const error = await failure();
    expect(error).toMatchObject({
      reason: 'too_large',
      refusal: 'too large (18 MB, limit 16 MB)',
      byteSize: 18 * 1024 * 1024,
    });
    expect(seen.map((request) => request.url)).toEqual([metadataUrl]);
  });

  it('refuses a download whose Content-Length is over the limit', async () => {
    graph(null, { file_size: undefined });
    server.use(
      http.get(
        downloadUrl.split('?')[0]!,
        () => new HttpResponse(Buffer.alloc(2000, 1), { headers: { 'content-length': '2000' } }),
      ),
    );
    expect(await failure(photo, 1000)).toMatchObject({
      reason: 'too_large',
      refusal: 'too large (2 KB, limit 1000 bytes)',
    });
  });

  it('stops reading a download that streams past the limit, whatever the size announced', async () => {
    graph(null, { file_size: '10' });
    let pulled = 0;
    server.use(
      http.get(downloadUrl.split('?')[0]!, () => {
        const stream = new ReadableStream<Uint8Array>({
          pull(controller) {
            pulled += 1;
            if (pulled > 100) controller.close();
            else controller.enqueue(new Uint8Array(600));
          },
        });
        return new HttpResponse(stream);
      }),
    );
    const error = await failure(photo, 1000);
    expect(error).toMatchObject({ reason: 'too_large', refusal: 'too large (more than 1000 bytes, limit 1000 bytes)' });
    expect(pulled).toBeLessThan(10);
  });

  it('refuses bytes whose signature is not the type claimed', async () => {
    const notAPng = Buffer.from('<html><script>alert(1)</script></html>');
    graph(notAPng);
    expect(await failure()).toMatchObject({
      reason: 'content_mismatch',
      refusal: 'its contents are not the image/png file it claims to be',
      retryable: false,
    });
  });

  it("refuses bytes whose SHA-256 is not the media endpoint's", async () => {
    graph(fakePhotoPng(), { sha256: hex(Buffer.from('another file')) });
    expect(await failure()).toMatchObject({ reason: 'checksum_mismatch', retryable: false });
  });

  it("refuses bytes whose SHA-256 is not the webhook's", async () => {
    graph(fakePhotoPng(), { sha256: undefined });
    expect(await failure({ ...photo, sha256: base64(Buffer.from('another file')) })).toMatchObject({
      reason: 'checksum_mismatch',
    });
  });

  it('reads an expired or unknown media id as a final ProviderError naming the Graph code, without the token', async () => {
    const notFound = JSON.parse(fs.readFileSync(path.join(fixtures, 'error-media-not-found.json'), 'utf8')) as object;
    server.use(http.get(metadataUrl, () => HttpResponse.json(notFound, { status: 400 })));
    const error = await failure();
    expect(error).not.toBeInstanceOf(MediaRefused);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ retryable: false, status: 400 });
    expect(error.message).toContain('Unsupported get request');
    expect(error.message).toContain('[code 100, subcode 33]');
    expect(error.message).not.toContain(settings.WHATSAPP_ACCESS_TOKEN);
  });

  it("counts Meta's 5xx and an unreachable download as retryable", async () => {
    server.use(
      http.get(metadataUrl, () =>
        HttpResponse.json({ error: { message: 'Service unavailable', code: 2 } }, { status: 503 }),
      ),
    );
    expect(await failure()).toMatchObject({ retryable: true, status: 503 });
    server.resetHandlers();
    graph(null);
    server.use(http.get(downloadUrl.split('?')[0]!, () => HttpResponse.error()));
    const error = await failure();
    expect(error).not.toBeInstanceOf(MediaRefused);
    expect(error.retryable).toBe(true);
  });

  it('does not retry a metadata answer without a URL', async () => {
    server.use(http.get(metadataUrl, () => HttpResponse.json({ messaging_product: 'whatsapp', id: mediaId })));
    expect(await failure()).toMatchObject({ retryable: false, status: 200 });
  });
});

describe('MEDIA_TYPES signatures', () => {
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom')]);
  it.each([
    ['image/jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0])],
    ['image/png', fakePhotoPng()],
    ['image/webp', Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1')],
    ['audio/ogg', fakeVoiceNoteOgg()],
    ['audio/mpeg', Buffer.from('ID3\x04', 'latin1')],
    ['audio/mpeg', Buffer.from([0xff, 0xfb, 0x90, 0x64])],
    ['audio/mp4', ftyp],
    ['audio/aac', Buffer.from([0xff, 0xf1, 0x50, 0x80])],
    ['audio/amr', Buffer.from('#!AMR\n', 'latin1')],
    ['video/mp4', ftyp],
    ['video/3gpp', ftyp],
    ['application/pdf', Buffer.from('%PDF-1.7\n', 'latin1')],
  ])('%s accepts its own signature and refuses a PDF or a PNG in its place', (type, bytes) => {
    expect(MEDIA_TYPES[type]!(bytes)).toBe(true);
    const other = type === 'application/pdf' ? fakePhotoPng() : Buffer.from('%PDF-1.7\n', 'latin1');
    expect(MEDIA_TYPES[type]!(other)).toBe(false);
    expect(MEDIA_TYPES[type]!(Buffer.alloc(0))).toBe(false);
  });
});

describe('whatsAppMediaFetcherFor', () => {
  it('builds the fetcher from the WhatsApp settings, and none without an access token', async () => {
    expect(
      whatsAppMediaFetcherFor({ WHATSAPP_ACCESS_TOKEN: undefined, WHATSAPP_GRAPH_URL: settings.WHATSAPP_GRAPH_URL }),
    ).toBeNull();
    const png = fakePhotoPng();
    const seen = graph(png);
    const fetchMedia = whatsAppMediaFetcherFor(settings)!;
    expect((await fetchMedia(photo)).bytes.equals(png)).toBe(true);
    expect(seen[0]).toEqual({ url: metadataUrl, authorization: `Bearer ${settings.WHATSAPP_ACCESS_TOKEN}` });
  });
});
