import { createHmac } from 'node:crypto';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { WebhookRequest } from '../../../../server/messaging/messaging-types';
import { contractMessage, providerContract } from './provider-contract';
import { createWhatsAppDriver, whatsAppWebhook } from '../../../../server/messaging/providers/whatsapp-cloud';

const settings = {
  WHATSAPP_ACCESS_TOKEN: 'EAAGm0PX4ZCpsBAtesttoken0123456789',
  WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
  WHATSAPP_GRAPH_URL: 'https://graph.test/v21.0',
};
const sendUrl = 'https://graph.test/v21.0/106540352242922/messages';
const message = contractMessage;

const { fixture, fixtureBytes, answerSends, sendError } = providerContract({
  fixtures: 'whatsapp-cloud',
  sendUrl,
  driver: () => createWhatsAppDriver(settings),
});

/** The keys of an object and of each object inside it, as dotted paths: the shape of a request, not its values. */
function shapeOf(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => shapeOf(item, `${prefix}[]`));
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => shapeOf(inner, prefix ? `${prefix}.${key}` : key));
}
const uniqueShape = (value: unknown) => [...new Set(shapeOf(value))].sort();

describe('createWhatsAppDriver', () => {
  it('posts a text message to /{phone-number-id}/messages with the bearer token, shaped as the docs show', async () => {
    const seen = answerSends(() => HttpResponse.json(fixture('send-response.json')));
    const driver = createWhatsAppDriver(settings);
    expect(driver).toMatchObject({ name: 'whatsapp', channel: 'whatsapp', receipts: true });

    await driver.send(message);

    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe(sendUrl);
    expect(request!.headers.get('authorization')).toBe(`Bearer ${settings.WHATSAPP_ACCESS_TOKEN}`);
    expect(request!.headers.get('content-type')).toBe('application/json');
    const body = JSON.parse(request!.body) as unknown;
    expect(uniqueShape(body)).toEqual(uniqueShape(fixture('send-text-request.json')));
    expect(body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '+2348031234567',
      type: 'text',
      text: { body: message.text, preview_url: false },
    });
  });

  it('sends the approved template with its language and body parameters when one is given', async () => {
    const seen = answerSends(() => HttpResponse.json(fixture('send-response.json')));
    await createWhatsAppDriver(settings).send({
      ...message,
      whatsappTemplate: { name: 'request_confirmed', language: 'en', parameters: ['ILR-7K2P', '28 Nov, 10:00'] },
    });
    const body = JSON.parse(seen[0]!.body) as unknown;
    expect(uniqueShape(body)).toEqual(uniqueShape(fixture('send-template-request.json')));
    expect(body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '+2348031234567',
      type: 'template',
      template: {
        name: 'request_confirmed',
        language: { code: 'en' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'ILR-7K2P' },
              { type: 'text', text: '28 Nov, 10:00' },
            ],
          },
        ],
      },
    });
  });

  it('sends a template without variables with no components', async () => {
    const seen = answerSends(() => HttpResponse.json(fixture('send-response.json')));
    await createWhatsAppDriver(settings).send({
      ...message,
      whatsappTemplate: { name: 'opt_out_confirmed', language: 'en', parameters: [] },
    });
    expect(JSON.parse(seen[0]!.body)).toMatchObject({
      type: 'template',
      template: { name: 'opt_out_confirmed', language: { code: 'en' } },
    });
    expect(JSON.parse(seen[0]!.body)).not.toHaveProperty('template.components');
  });

  it('reads messages[0].id (the wamid) as the provider id', async () => {
    answerSends(() => HttpResponse.json(fixture('send-response.json')));
    await expect(createWhatsAppDriver(settings).send(message)).resolves.toEqual({
      providerId: 'wamid.HBgLMTY1MDUwNzY1MjAVAgARGBI5QTNDQTVCM0Q0Q0Q2RTY3RTcA',
    });
  });

  it.each([
    ['131047', 400, false, 'Re-engagement message'],
    ['131026', 400, false, 'Message undeliverable'],
    ['190', 401, false, 'Error validating access token'],
    ['130429', 400, true, 'Rate limit hit'],
    ['131048', 400, true, 'Spam rate limit hit'],
    ['131056', 400, true, 'pair rate limit hit'],
    ['131000', 500, true, 'Something went wrong'],
  ])('reads Graph error %s (HTTP %i) as retryable: %s', async (code, status, retryable, words) => {
    const error = await sendError(() => HttpResponse.json(fixture(`error-${code}.json`), { status }));
    expect(error).toMatchObject({ retryable, status });
    expect(error.message).toContain(words);
    expect(error.message).toContain(`code ${code}`);
  });

  it('keeps a final code final even on a 5xx, and falls back on the HTTP status for codes it does not know', async () => {
    const reEngagement = await sendError(() => HttpResponse.json(fixture('error-131047.json'), { status: 503 }));
    expect(reEngagement.retryable).toBe(false);
    const unknown = { error: { message: 'Unknown thing', type: 'OAuthException', code: 999999 } };
    expect((await sendError(() => HttpResponse.json(unknown, { status: 400 }))).retryable).toBe(false);
    expect((await sendError(() => HttpResponse.json(unknown, { status: 502 }))).retryable).toBe(true);
    expect((await sendError(() => new HttpResponse('upstream timeout', { status: 504 }))).retryable).toBe(true);
  });

  it('does not retry a success it cannot read: the message may have gone', async () => {
    const error = await sendError(() => HttpResponse.json({ messaging_product: 'whatsapp', messages: [] }));
    expect(error).toMatchObject({ retryable: false, status: 200 });
  });

  it('counts an unreachable Graph API as retryable', async () => {
    expect((await sendError(() => HttpResponse.error())).retryable).toBe(true);
  });

  it('never puts the access token in an error', async () => {
    const echo = { error: { message: `Invalid token ${settings.WHATSAPP_ACCESS_TOKEN}`, code: 190 } };
    const error = await sendError(() => HttpResponse.json(echo, { status: 401 }));
    expect(error.message).not.toContain(settings.WHATSAPP_ACCESS_TOKEN);
  });
});

const appSecret = 'whatsapp-app-secret-0123456789';
const verifyToken = 'verify-me-0123456789';
const webhook = whatsAppWebhook({ WHATSAPP_APP_SECRET: appSecret, WHATSAPP_VERIFY_TOKEN: verifyToken });
const signature = (body: Buffer, secret = appSecret) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
const notification = (rawBody: Buffer, headers: WebhookRequest['headers'] = {}): WebhookRequest => ({
  method: 'POST',
  rawBody,
  headers,
  query: {},
});
const verification = (query: WebhookRequest['query']): WebhookRequest => ({
  method: 'GET',
  rawBody: Buffer.alloc(0),
  headers: {},
  query,
});

describe('whatsAppWebhook.challenge', () => {
  it('answers the challenge of a subscribe with our verify token', () => {
    expect(
      webhook.challenge!(
        verification({ 'hub.mode': 'subscribe', 'hub.verify_token': verifyToken, 'hub.challenge': '1158201444' }),
      ),
    ).toBe('1158201444');
  });

  it('answers null to another token, another mode, or no challenge', () => {
    const query = { 'hub.mode': 'subscribe', 'hub.verify_token': verifyToken, 'hub.challenge': '1158201444' };
    expect(webhook.challenge!(verification({ ...query, 'hub.verify_token': 'guess' }))).toBeNull();
    expect(webhook.challenge!(verification({ ...query, 'hub.verify_token': undefined }))).toBeNull();
    expect(webhook.challenge!(verification({ ...query, 'hub.mode': 'unsubscribe' }))).toBeNull();
    expect(webhook.challenge!(verification({ ...query, 'hub.challenge': undefined }))).toBeNull();
  });
});

describe('whatsAppWebhook.verify', () => {
  const body = fixtureBytes('webhook-status-delivered.json');

  it('accepts sha256= and the hex HMAC-SHA256 of the raw body under the app secret', () => {
    expect(webhook.provider).toBe('whatsapp');
    expect(webhook.verify(notification(body, { 'x-hub-signature-256': signature(body) }))).toBe(true);
  });

  it('refuses a missing header, a bare hex, another secret, and a changed body', () => {
    expect(webhook.verify(notification(body))).toBe(false);
    const hex = signature(body).slice('sha256='.length);
    expect(webhook.verify(notification(body, { 'x-hub-signature-256': hex }))).toBe(false);
    expect(webhook.verify(notification(body, { 'x-hub-signature-256': signature(body, 'other') }))).toBe(false);
    const changed = Buffer.from(body.toString('utf8').replace('"delivered"', '"read"'));
    expect(webhook.verify(notification(changed, { 'x-hub-signature-256': signature(body) }))).toBe(false);
  });
});

const wamid = 'wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBJDQjZCMzlEQUE4OTJBMTE4RTUA';

describe('whatsAppWebhook.parse', () => {
  it.each([
    ['sent', '2025-06-25T13:16:24.000Z'],
    ['delivered', '2025-06-25T13:16:26.000Z'],
    ['read', '2025-06-25T13:16:41.000Z'],
  ])('reads the %s status with its epoch-seconds time', (status, at) => {
    expect(webhook.parse(notification(fixtureBytes(`webhook-status-${status}.json`)))).toEqual([
      { kind: 'status', providerId: wamid, status, at, eventId: `${wamid}:${status}` },
    ]);
  });

  it('reads a failed status with its error code and title', () => {
    expect(webhook.parse(notification(fixtureBytes('webhook-status-failed.json')))).toEqual([
      {
        kind: 'status',
        providerId: wamid,
        status: 'failed',
        at: '2025-06-25T13:16:30.000Z',
        error: '131047 Re-engagement message',
        eventId: `${wamid}:failed`,
      },
    ]);
  });

  it('gives a repeat the same eventId', () => {
    const body = fixtureBytes('webhook-status-delivered.json');
    expect(webhook.parse(notification(Buffer.from(body)))[0]!.eventId).toBe(
      webhook.parse(notification(body))[0]!.eventId,
    );
  });

  it('reads a text message as inbound WhatsApp from an E.164 number', () => {
    expect(webhook.parse(notification(fixtureBytes('webhook-message-text.json')))).toEqual([
      {
        kind: 'inbound',
        channel: 'whatsapp',
        from: '+16505551234',
        text: 'Does it come in another color?',
        at: '2025-06-08T20:59:43.000Z',
        eventId: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQUFERjg0NDEzNDdFODU3MUMxMAA=',
      },
    ]);
  });

  it('reads a quick-reply STOP as the text STOP', () => {
    expect(webhook.parse(notification(fixtureBytes('webhook-message-button.json')))).toEqual([
      expect.objectContaining({ kind: 'inbound', text: 'STOP' }),
    ]);
  });

  it('reads an interactive reply as its title', () => {
    const message = {
      from: '16505551234',
      id: 'wamid.interactive',
      timestamp: '1749416383',
      type: 'interactive',
      interactive: { type: 'button_reply', button_reply: { id: 'stop', title: 'STOP' } },
    };
    const body = {
      object: 'whatsapp_business_account',
      entry: [{ changes: [{ field: 'messages', value: { messages: [message] } }] }],
    };
    expect(webhook.parse(notification(Buffer.from(JSON.stringify(body))))).toEqual([
      expect.objectContaining({ text: 'STOP', eventId: 'wamid.interactive' }),
    ]);
  });

  it('reads an image with its caption as the text and the media id, type and checksum as its media', () => {
    expect(webhook.parse(notification(fixtureBytes('webhook-message-image.json')))).toEqual([
      {
        kind: 'inbound',
        channel: 'whatsapp',
        from: '+16505551234',
        text: 'Here it is',
        at: '2025-06-08T20:59:43.000Z',
        eventId: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQUE3QkY0NzkxMDdCOTA4RjJEMAA=',
        media: {
          id: '1003383421387256',
          kind: 'image',
          mimeType: 'image/jpeg',
          sha256: '2b0b4ba3b8a48ac8e1c9e1d8f0a5b3c2d1e0f9a8b7c6d5e4f3a2b1c0d9e8f7a6',
          caption: 'Here it is',
        },
      },
    ]);
  });

  it('reads a document with its file name and caption', () => {
    const [event] = webhook.parse(notification(fixtureBytes('webhook-message-document.json')));
    expect(event).toMatchObject({ kind: 'inbound', text: 'Lucky Shrub Invoice' });
    expect(event).toHaveProperty('media', {
      id: '1003383421387256',
      kind: 'document',
      mimeType: 'application/pdf',
      sha256: '799a3b2a8c4e6f1d9b0c5e7a2f4d6b8c0e1a3f5d7b9c2e4a6f8d0b1c3e5a7f9d',
      caption: 'Lucky Shrub Invoice',
      filename: 'lucky-shrub-invoice.pdf',
    });
  });

  it('reads a voice note as audio with voice true and empty text', () => {
    const [event] = webhook.parse(notification(fixtureBytes('webhook-message-audio.json')));
    expect(event).toMatchObject({ kind: 'inbound', text: '' });
    expect(event).toHaveProperty('media', {
      id: '1003383421387256',
      kind: 'audio',
      mimeType: 'audio/ogg; codecs=opus',
      sha256: '5f1c9e7b3a2d4f6e8c0b1a3d5f7e9c2b4a6d8f0e1c3b5a7d9f2e4c6b8a0d1f3e',
      voice: true,
    });
  });

  it('reads an audio file without the voice flag as voice false', () => {
    const payload = fixture('webhook-message-audio.json') as {
      entry: { changes: { value: { messages: { audio: { voice?: boolean } }[] } }[] }[];
    };
    delete payload.entry[0]!.changes[0]!.value.messages[0]!.audio.voice;
    const [event] = webhook.parse(notification(Buffer.from(JSON.stringify(payload))));
    expect(event).toHaveProperty('media.voice', false);
  });

  it.each([
    ['video', 'video/mp4', 'Lucky Shrub cactus'],
    ['sticker', 'image/webp', ''],
  ])('reads a %s as media of that kind', (kind, mimeType, text) => {
    const [event] = webhook.parse(notification(fixtureBytes(`webhook-message-${kind}.json`)));
    expect(event).toMatchObject({ kind: 'inbound', text, media: { id: '1003383421387256', kind, mimeType } });
  });

  it('keeps a media message whose media object is missing as an inbound message with empty text and no media', () => {
    const message = { from: '16505551234', id: 'wamid.bare', timestamp: '1749416383', type: 'image' };
    const body = {
      object: 'whatsapp_business_account',
      entry: [{ changes: [{ field: 'messages', value: { messages: [message] } }] }],
    };
    const [event] = webhook.parse(notification(Buffer.from(JSON.stringify(body))));
    expect(event).toMatchObject({ kind: 'inbound', text: '', eventId: 'wamid.bare' });
    expect(event).not.toHaveProperty('media');
  });

  it('gives a text message no media', () => {
    expect(webhook.parse(notification(fixtureBytes('webhook-message-text.json')))[0]).not.toHaveProperty('media');
  });

  it('reads every status and message of every entry and change, and skips other fields', () => {
    const delivered = fixture('webhook-status-delivered.json') as { entry: unknown[] };
    const text = fixture('webhook-message-text.json') as { entry: unknown[] };
    const template = fixture('webhook-template-status.json') as { entry: unknown[] };
    const batch = {
      object: 'whatsapp_business_account',
      entry: [...delivered.entry, ...template.entry, ...text.entry],
    };
    const events = webhook.parse(notification(Buffer.from(JSON.stringify(batch))));
    expect(events.map((event) => event.kind)).toEqual(['status', 'inbound']);
    expect(webhook.parse(notification(fixtureBytes('webhook-template-status.json')))).toEqual([]);
  });

  it('ignores statuses it does not keep', () => {
    const body = fixtureBytes('webhook-status-read.json').toString('utf8').replace('"read"', '"deleted"');
    expect(webhook.parse(notification(Buffer.from(body)))).toEqual([]);
  });

  it('throws on a body it cannot read', () => {
    expect(() => webhook.parse(notification(Buffer.from('')))).toThrow();
    expect(() => webhook.parse(notification(Buffer.from('{"object":"whatsapp_business_account"}')))).toThrow();
  });
});
