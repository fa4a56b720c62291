/**
 * The fake WhatsApp user's photos and voice notes, end to end through the real pieces (issue #30.7): the fake posts a
 * signed media message, the app's webhook parse reads it, the Graph media fetcher gets the file from the fake, and
 * storeWhatsAppMedia keeps it once.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../server/db/database';
import { fakePhotoPng, fakeVoiceNoteOgg } from '../../../server/messaging/fake-provider/fake-media-files';
import { startFakeProvider, type FakeProvider } from '../../../server/messaging/fake-provider/fake-provider';
import { FAKE_CREDENTIAL_DEFAULTS as KEYS } from '../../../server/messaging/fake-provider/fake-provider-settings';
import type { InboundMedia, ProviderEvent } from '../../../server/messaging/messaging-types';
import { whatsAppWebhook } from '../../../server/messaging/providers/whatsapp-cloud';
import { storeWhatsAppMedia } from '../../../server/messaging/store-whatsapp-media';
import { createWhatsAppMediaFetcher, type MediaFetcher } from '../../../server/messaging/whatsapp-media';
import { chatAttachments } from '../../../server/data/chat-attachments';
import { createTestDb } from '../../helpers/test-db';

const webhook = whatsAppWebhook({
  WHATSAPP_APP_SECRET: KEYS.WHATSAPP_APP_SECRET,
  WHATSAPP_VERIFY_TOKEN: KEYS.WHATSAPP_VERIFY_TOKEN,
});

/** The app's side: checks each webhook's signature and parses it, as the webhooks route does. */
async function startApp() {
  const events: ProviderEvent[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const signed = { method: 'POST', rawBody: Buffer.concat(chunks), headers: request.headers, query: {} };
      if (!webhook.verify(signed)) return void response.writeHead(401).end();
      events.push(...webhook.parse(signed));
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    events,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let app: Awaited<ReturnType<typeof startApp>>;
let fake: FakeProvider;
let db: AppDatabase;
let conversationId: number;
let fetchMedia: MediaFetcher;
beforeEach(async () => {
  app = await startApp();
  fake = await startFakeProvider({ port: 0, appUrl: app.url, autoDeliverMs: null });
  fetchMedia = createWhatsAppMediaFetcher({
    WHATSAPP_ACCESS_TOKEN: KEYS.WHATSAPP_ACCESS_TOKEN,
    WHATSAPP_GRAPH_URL: `${fake.url}/v21.0`,
  });
  db = await createTestDb();
  const now = new Date().toISOString();
  ({ id: conversationId } = await db
    .insertInto('chat_conversations')
    .values({ visitor_key: 'wa:+2348031234567', last_activity_at: now, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow());
});
afterEach(async () => {
  await fake.close();
  await app.close();
  await db.destroy();
});

const inboundMedia = (event: ProviderEvent | undefined): InboundMedia => {
  if (event?.kind !== 'inbound' || !event.media) throw new Error('expected an inbound media message');
  return event.media;
};

describe('the fake WhatsApp user sends media (issue #30)', () => {
  it('sends a voice note the app reads, fetches from the fake and stores once', async () => {
    const outcome = await fake.sendMedia('+2348031234567', 'voice');
    expect(outcome).toMatchObject({ what: 'voice note by whatsapp', result: 200 });
    expect(app.events).toEqual([
      expect.objectContaining({ kind: 'inbound', channel: 'whatsapp', from: '+2348031234567', text: '' }),
    ]);
    const media = inboundMedia(app.events[0]);
    expect(media).toMatchObject({ kind: 'audio', mimeType: 'audio/ogg; codecs=opus', voice: true });

    const stored = await storeWhatsAppMedia({ db, fetchMedia }, { conversationId, messageId: null, media });
    expect(stored).toMatchObject({
      outcome: 'stored',
      attachment: { kind: 'audio', voice: true, mimeType: 'audio/ogg' },
    });
    const content = await chatAttachments.content(db, stored.attachment.id);
    expect(Buffer.from(content!.bytes!).equals(fakeVoiceNoteOgg())).toBe(true);
    const again = await storeWhatsAppMedia({ db, fetchMedia }, { conversationId, messageId: null, media });
    expect(again).toMatchObject({ created: false, attachment: { id: stored.attachment.id } });
  });

  it('sends a photo with its caption as the text', async () => {
    await fake.sendMedia('+2348031234567', 'photo', 'My rash since Monday');
    expect(app.events[0]).toMatchObject({ kind: 'inbound', text: 'My rash since Monday' });
    const media = inboundMedia(app.events[0]);
    expect(media).toMatchObject({ kind: 'image', mimeType: 'image/png', caption: 'My rash since Monday' });
    const file = await fetchMedia(media);
    expect(file.bytes.equals(fakePhotoPng())).toBe(true);
  });

  it('answers a media id it never sent, and a wrong token, as Graph does', async () => {
    await expect(fetchMedia({ id: '1234567890123456', kind: 'image', mimeType: 'image/png' })).rejects.toMatchObject({
      retryable: false,
      status: 400,
      message: expect.stringContaining('subcode 33') as string,
    });
    await fake.sendMedia('+2348031234567', 'photo');
    const wrongToken = createWhatsAppMediaFetcher({
      WHATSAPP_ACCESS_TOKEN: 'guess',
      WHATSAPP_GRAPH_URL: `${fake.url}/v21.0`,
    });
    await expect(wrongToken(inboundMedia(app.events[0]))).rejects.toMatchObject({
      retryable: false,
      status: 401,
      message: expect.stringContaining('code 190') as string,
    });
  });

  it('sends a photo or voice note from its page', async () => {
    const page = await (await fetch(fake.url)).text();
    expect(page).toContain('A photo or voice note to the app from WhatsApp');
    const response = await fetch(`${fake.url}/actions/media`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ from: '+2348031234567', kind: 'voice', caption: '' }).toString(),
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
    expect(decodeURIComponent(response.headers.get('location')!)).toContain(
      'voice note by whatsapp for +2348031234567',
    );
    expect(inboundMedia(app.events[0])).toMatchObject({ kind: 'audio', voice: true });
    const refused = await fetch(`${fake.url}/actions/media`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ from: '0803', kind: 'voice' }).toString(),
      redirect: 'manual',
    });
    expect(decodeURIComponent(refused.headers.get('location')!)).toContain('needs a number in E.164');
  });
});
