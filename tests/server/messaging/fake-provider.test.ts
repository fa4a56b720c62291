import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeProviderOptions } from '../../../server/messaging/fake-provider/fake-provider-config';
import { startFakeProvider, type FakeProvider } from '../../../server/messaging/fake-provider/fake-provider';
import { FAKE_CREDENTIAL_DEFAULTS as KEYS } from '../../../server/messaging/fake-provider/fake-provider-settings';
import { waitFor } from '../../helpers/wait-for';

type Received = { method: string; url: string; headers: IncomingHttpHeaders; body: Buffer };

/**
 * A plain HTTP server standing in for the app: it records every post and answers 200, and answers Meta's
 * verification GET as the app's route will (the challenge for the right token, 403 otherwise).
 */
async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    if (request.method === 'GET') {
      const query = new URL(request.url ?? '/', 'http://app.invalid').searchParams;
      const verified =
        query.get('hub.mode') === 'subscribe' && query.get('hub.verify_token') === KEYS.WHATSAPP_VERIFY_TOKEN;
      response.statusCode = verified ? 200 : 403;
      return void response.end(verified ? query.get('hub.challenge') : 'Forbidden');
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks),
      });
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { url, received, close };
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

async function setUp(options: FakeProviderOptions = {}) {
  const app = await startReceiver();
  const fake = await startFakeProvider({ port: 0, appUrl: app.url, autoDeliverMs: null, ...options });
  cleanups.push(() => fake.close(), app.close);
  return { app, fake };
}

/** Waits for the app to have received `count` posts and returns the last. */
async function nthPost(app: { received: Received[] }, count = 1) {
  await waitFor(() => app.received.length >= count, 5000, `${count} post(s) to the app`);
  return app.received[count - 1]!;
}

const termiiSend = (fake: FakeProvider, fields: Record<string, unknown> = {}) =>
  fetch(`${fake.url}/api/sms/send`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      to: '2348031234567',
      from: KEYS.TERMII_SENDER_ID,
      sms: 'Ilera: request ILR-4821 is confirmed',
      type: 'plain',
      channel: 'dnd',
      api_key: KEYS.TERMII_API_KEY,
      ...fields,
    }),
  });

const atSend = (fake: FakeProvider, fields: Record<string, string> = {}, apiKey = KEYS.AT_API_KEY) =>
  fetch(`${fake.url}/version1/messaging`, {
    method: 'POST',
    headers: { apiKey, Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      username: KEYS.AT_USERNAME,
      to: '+2348031234567',
      message: 'Ilera: request ILR-4821 is confirmed',
      from: KEYS.AT_SENDER_ID,
      ...fields,
    }),
  });

const whatsappSend = (
  fake: FakeProvider,
  body: Record<string, unknown> = {},
  { token = KEYS.WHATSAPP_ACCESS_TOKEN, phoneNumberId = KEYS.WHATSAPP_PHONE_NUMBER_ID } = {},
) =>
  fetch(`${fake.url}/v21.0/${phoneNumberId}/messages`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '+2348031234567',
      type: 'text',
      text: { body: 'Ilera: request ILR-4821 is confirmed' },
      ...body,
    }),
  });

const termiiSignature = (body: Buffer) => createHmac('sha512', KEYS.TERMII_SECRET_KEY).update(body).digest('hex');
const metaSignature = (body: Buffer) =>
  `sha256=${createHmac('sha256', KEYS.WHATSAPP_APP_SECRET).update(body).digest('hex')}`;
const json = (post: Received) => JSON.parse(post.body.toString('utf8'));
const form = (post: Received) => Object.fromEntries(new URLSearchParams(post.body.toString('utf8')));

describe('Termii', () => {
  it('accepts a send as the docs show it and answers with a message_id', async () => {
    const { fake } = await setUp();
    const response = await termiiSend(fake);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ code: 'ok', message: 'Successfully Sent', user: expect.any(String) });
    expect(body.message_id).toMatch(/^\d{19}$/);
    expect(fake.messages()).toEqual([
      expect.objectContaining({
        id: body.message_id,
        provider: 'termii',
        to: '+2348031234567',
        from: KEYS.TERMII_SENDER_ID,
        text: 'Ilera: request ILR-4821 is confirmed',
        route: 'dnd',
        status: 'accepted',
      }),
    ]);
  });

  it('refuses an unknown API key with a 401 and keeps nothing', async () => {
    const { fake } = await setUp();
    const response = await termiiSend(fake, { api_key: 'someone-else' });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ message: expect.stringMatching(/unauthorized/i) });
    expect(fake.messages()).toEqual([]);
  });

  it.each([
    ['a missing field', { sms: undefined }, 400],
    ['an unregistered sender ID', { from: 'SomeoneElse' }, 400],
    ['a number with a plus', { to: '+2348031234567' }, 422],
    ['an unknown channel', { channel: 'sms' }, 422],
  ])('refuses %s', async (_case, fields, status) => {
    const { fake } = await setUp();
    const response = await termiiSend(fake, fields);
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ message: expect.any(String) });
    expect(fake.messages()).toEqual([]);
  });

  it('posts a delivery report signed with X-Termii-Signature (HMAC-SHA512 of the body)', async () => {
    const { app, fake } = await setUp({ now: () => new Date('2026-11-27T10:00:00Z') });
    const { message_id: messageId } = await (await termiiSend(fake)).json();
    const outcome = await fake.deliver(messageId, 'delivered');
    expect(outcome.result).toBe(200);
    const post = await nthPost(app);
    expect(post.url).toBe('/webhooks/termii');
    expect(post.headers['content-type']).toBe('application/json');
    expect(post.headers['x-termii-signature']).toBe(termiiSignature(post.body));
    expect(json(post)).toMatchObject({
      type: 'outbound',
      message_id: messageId,
      receiver: '2348031234567',
      status: 'Delivered',
      channel: 'dnd',
      // Termii writes times without a zone; the fake writes Lagos time, as the app's parser reads them.
      sent_at: '2026-11-27 11:00:00',
    });
    expect(fake.messages()[0]).toMatchObject({ status: 'delivered', callbacks: [{ result: 200 }] });
  });

  it("refuses a receipt Termii never sends ('read') and one for a message it does not have", async () => {
    const { app, fake } = await setUp();
    const { message_id: messageId } = await (await termiiSend(fake)).json();
    await expect(fake.deliver(messageId, 'read')).rejects.toThrow("termii reports no 'read' status");
    await expect(fake.deliver('12345', 'delivered')).rejects.toThrow('No message 12345');
    expect(app.received).toEqual([]);
  });

  it('posts an inbound STOP, signed the same way', async () => {
    const { app, fake } = await setUp();
    await fake.reply('+2348031234567', 'STOP', 'termii');
    const post = await nthPost(app);
    expect(post.headers['x-termii-signature']).toBe(termiiSignature(post.body));
    expect(json(post)).toMatchObject({ type: 'inbound', sender: '2348031234567', message: 'STOP', status: 'Received' });
  });
});

describe("Africa's Talking", () => {
  it('accepts a form-encoded send with the apiKey header and answers SMSMessageData with Recipients', async () => {
    const { fake } = await setUp();
    const response = await atSend(fake);
    expect(response.status).toBe(201);
    const { SMSMessageData: data } = await response.json();
    expect(data.Message).toMatch(/^Sent to 1\/1 Total Cost: NGN /);
    expect(data.Recipients).toEqual([
      {
        statusCode: 101,
        number: '+2348031234567',
        status: 'Success',
        cost: expect.stringMatching(/^NGN /),
        messageId: expect.stringMatching(/^ATXid_/),
      },
    ]);
    expect(fake.messages()).toEqual([
      expect.objectContaining({ id: data.Recipients[0].messageId, provider: 'africastalking', to: '+2348031234567' }),
    ]);
  });

  it('refuses an unknown API key or username with 401 and a missing field with 400', async () => {
    const { fake } = await setUp();
    const wrongKey = await atSend(fake, {}, 'someone-else');
    expect([wrongKey.status, await wrongKey.text()]).toEqual([401, 'The supplied authentication is invalid']);
    const wrongUser = await atSend(fake, { username: 'someone' });
    expect(wrongUser.status).toBe(401);
    const noText = await atSend(fake, { message: '' });
    expect([noText.status, await noText.text()]).toEqual([400, "Request is missing required form field 'message'"]);
    expect(fake.messages()).toEqual([]);
  });

  it('answers a number without the plus, or a foreign sender ID, with a refused recipient', async () => {
    const { fake } = await setUp();
    const badNumber = await (await atSend(fake, { to: '2348031234567' })).json();
    expect(badNumber.SMSMessageData.Recipients[0]).toMatchObject({ statusCode: 403, status: 'InvalidPhoneNumber' });
    const badSender = await (await atSend(fake, { from: 'Stranger' })).json();
    expect(badSender.SMSMessageData.Recipients[0]).toMatchObject({ statusCode: 402, status: 'InvalidSenderId' });
    expect(fake.messages()).toEqual([]);
  });

  it('posts delivery reports form-encoded to the URL with the token', async () => {
    const { app, fake } = await setUp();
    const sent = await (await atSend(fake, { to: '+2348031234567,+2348039876543' })).json();
    const [first, second] = sent.SMSMessageData.Recipients;
    await fake.deliver(first.messageId, 'delivered');
    await fake.deliver(second.messageId, 'failed');
    const delivered = await nthPost(app, 1);
    expect(delivered.url).toBe(`/webhooks/africastalking?token=${KEYS.AT_WEBHOOK_TOKEN}`);
    expect(delivered.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(form(delivered)).toEqual({
      id: first.messageId,
      status: 'Success',
      phoneNumber: '+2348031234567',
      networkCode: '62130',
      retryCount: '0',
    });
    expect(form(await nthPost(app, 2))).toMatchObject({
      id: second.messageId,
      status: 'Failed',
      failureReason: 'DeliveryFailure',
    });
  });

  it('posts an incoming STOP with the fields AT documents', async () => {
    const { app, fake } = await setUp();
    await fake.reply('+2348031234567', 'STOP', 'africastalking');
    const post = await nthPost(app);
    expect(post.url).toBe(`/webhooks/africastalking?token=${KEYS.AT_WEBHOOK_TOKEN}`);
    expect(form(post)).toEqual({
      date: expect.any(String),
      from: '+2348031234567',
      id: expect.any(String),
      linkId: expect.any(String),
      text: 'STOP',
      to: KEYS.AT_SENDER_ID,
      networkCode: '62130',
    });
  });
});

describe('WhatsApp Cloud API', () => {
  it('accepts a text message with the Bearer token and answers contacts and a wamid', async () => {
    const { fake } = await setUp();
    const response = await whatsappSend(fake);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({
      messaging_product: 'whatsapp',
      contacts: [{ input: '+2348031234567', wa_id: '2348031234567' }],
      messages: [{ id: expect.stringMatching(/^wamid\./) }],
    });
    expect(fake.messages()[0]).toMatchObject({ id: body.messages[0].id, provider: 'whatsapp', route: 'text' });
  });

  it('shows a template send by its name and parameters', async () => {
    const { fake } = await setUp();
    const response = await whatsappSend(fake, {
      type: 'template',
      text: undefined,
      template: {
        name: 'request_confirmed',
        language: { code: 'en' },
        components: [{ type: 'body', parameters: [{ type: 'text', text: 'ILR-4821' }] }],
      },
    });
    expect(response.status).toBe(200);
    expect(fake.messages()[0]).toMatchObject({ route: 'template', text: '[template request_confirmed, en] ILR-4821' });
  });

  it.each([
    ['no token', { token: '' }, 401, 2500],
    ['an unknown token', { token: 'someone-else' }, 401, 190],
    ['an unknown phone-number ID', { phoneNumberId: '999999999' }, 400, 100],
  ])('refuses %s with a Graph API error', async (_case, auth, status, code) => {
    const { fake } = await setUp();
    const response = await whatsappSend(fake, {}, auth);
    expect(response.status).toBe(status);
    expect((await response.json()).error).toMatchObject({ type: 'OAuthException', code, message: expect.any(String) });
    expect(fake.messages()).toEqual([]);
  });

  it('refuses a body without messaging_product or text', async () => {
    const { fake } = await setUp();
    const noProduct = await whatsappSend(fake, { messaging_product: undefined });
    expect(noProduct.status).toBe(400);
    expect((await noProduct.json()).error.message).toMatch(/messaging_product/);
    const noText = await whatsappSend(fake, { text: undefined });
    expect(noText.status).toBe(400);
    expect(fake.messages()).toEqual([]);
  });

  it('posts statuses signed with X-Hub-Signature-256 (sha256=HMAC-SHA256 under the app secret)', async () => {
    const { app, fake } = await setUp();
    const { messages } = await (await whatsappSend(fake)).json();
    await fake.deliver(messages[0].id, 'delivered');
    await fake.deliver(messages[0].id, 'read');
    const post = await nthPost(app);
    expect(post.url).toBe('/webhooks/whatsapp');
    expect(post.headers['x-hub-signature-256']).toBe(metaSignature(post.body));
    const body = json(post);
    expect(body.object).toBe('whatsapp_business_account');
    const value = body.entry[0].changes[0].value;
    expect(body.entry[0].changes[0].field).toBe('messages');
    expect(value.metadata.phone_number_id).toBe(KEYS.WHATSAPP_PHONE_NUMBER_ID);
    expect(value.statuses).toEqual([
      {
        id: messages[0].id,
        status: 'delivered',
        timestamp: expect.stringMatching(/^\d+$/),
        recipient_id: '2348031234567',
      },
    ]);
    expect(json(await nthPost(app, 2)).entry[0].changes[0].value.statuses[0].status).toBe('read');
  });

  it('posts a failed status with its error', async () => {
    const { app, fake } = await setUp();
    const { messages } = await (await whatsappSend(fake)).json();
    await fake.deliver(messages[0].id, 'failed');
    const status = json(await nthPost(app)).entry[0].changes[0].value.statuses[0];
    expect(status).toMatchObject({ status: 'failed', errors: [{ code: 131026, title: 'Message undeliverable' }] });
  });

  it('posts an inbound STOP as a text message, signed', async () => {
    const { app, fake } = await setUp();
    await fake.reply('+2348031234567', 'STOP', 'whatsapp');
    const post = await nthPost(app);
    expect(post.headers['x-hub-signature-256']).toBe(metaSignature(post.body));
    const value = json(post).entry[0].changes[0].value;
    expect(value.contacts[0].wa_id).toBe('2348031234567');
    expect(value.messages).toEqual([
      {
        from: '2348031234567',
        id: expect.stringMatching(/^wamid\./),
        timestamp: expect.stringMatching(/^\d+$/),
        type: 'text',
        text: { body: 'STOP' },
      },
    ]);
  });
});

describe("the WhatsApp webhook's verification GET", () => {
  it('says verified when the app echoes the challenge for the verify token', async () => {
    const { fake } = await setUp();
    expect((await fake.verifyWhatsAppWebhook()).result).toBe('verified: the app echoed the challenge');
  });

  it('says not verified when the app refuses the token', async () => {
    const { fake } = await setUp({ credentials: { WHATSAPP_VERIFY_TOKEN: 'another-token' } });
    expect((await fake.verifyWhatsAppWebhook()).result).toBe('not verified: the app answered 403');
  });
});

describe('automatic receipts', () => {
  it("posts 'delivered' after the delay, and 'failed' for numbers ending in 0000", async () => {
    const { app, fake } = await setUp({ autoDeliverMs: 5 });
    await termiiSend(fake, { to: '2348031234567' });
    await termiiSend(fake, { to: '2348031230000' });
    await nthPost(app, 2);
    const statuses = Object.fromEntries(app.received.map((post) => [json(post).receiver, json(post).status]));
    expect(statuses).toEqual({ '2348031234567': 'Delivered', '2348031230000': 'Message Failed' });
    await waitFor(() => fake.messages().every((message) => message.status !== 'accepted'));
    expect(fake.messages().map((message) => message.status)).toEqual(['delivered', 'failed']);
  });

  it('fails the share of other numbers that --fail-rate names, drawn from the random source', async () => {
    const { app, fake } = await setUp({ autoDeliverMs: 5, failRate: 0.5, random: () => 0.25 });
    await atSend(fake);
    expect(form(await nthPost(app))).toMatchObject({ status: 'Failed' });
  });

  it('keeps the message and says why when the app does not answer', async () => {
    const fake = await startFakeProvider({ port: 0, appUrl: 'http://127.0.0.1:9', autoDeliverMs: null });
    cleanups.push(() => fake.close());
    const { message_id: messageId } = await (await termiiSend(fake)).json();
    const outcome = await fake.deliver(messageId, 'delivered');
    expect(outcome.result).toMatch(/did not answer/);
    expect(fake.messages()[0]!.callbacks).toEqual([outcome]);
  });
});

describe('the page', () => {
  it('lists messages with escaped text and one form per action', async () => {
    const { fake } = await setUp();
    await termiiSend(fake, { sms: '<script>alert(1)</script> & more' });
    const page = await (await fetch(`${fake.url}/`)).text();
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; more');
    expect(page).not.toContain('<script>');
    expect(page).toContain('<form method="post" action="/actions/deliver">');
    expect(page).toMatch(
      /<label for="reply-0">Reply from this number<\/label>\s*<input id="reply-0" name="text" value="STOP"/,
    );
    expect(page).toContain('<th scope="col">Status</th>');
  });

  it('delivers and replies through its forms, then sends the browser back to the list', async () => {
    const { app, fake } = await setUp();
    const { messages } = await (await whatsappSend(fake)).json();
    const post = (action: string, fields: Record<string, string>) =>
      fetch(`${fake.url}/actions/${action}`, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
    const delivered = await post('deliver', { id: messages[0].id, status: 'delivered' });
    expect(delivered.status).toBe(303);
    expect(decodeURIComponent(delivered.headers.get('location')!)).toContain('the app answered 200');
    expect((await post('reply', { id: messages[0].id, text: 'STOP' })).status).toBe(303);
    const statuses = json(await nthPost(app, 1)).entry[0].changes[0].value.statuses;
    expect(statuses[0]).toMatchObject({ id: messages[0].id, status: 'delivered' });
    expect(json(await nthPost(app, 2)).entry[0].changes[0].value.messages[0].text.body).toBe('STOP');
  });

  it('refuses a form posted from another site', async () => {
    const { app, fake } = await setUp();
    await fake.reply('+2348031234567', 'hello', 'africastalking');
    const response = await fetch(`${fake.url}/actions/reply`, {
      method: 'POST',
      headers: { Origin: 'https://elsewhere.example' },
      body: new URLSearchParams({ from: '+2348031234567', provider: 'termii', text: 'STOP' }),
    });
    expect(response.status).toBe(403);
    expect(app.received).toHaveLength(1);
  });
});

describe('bounds and outages', () => {
  it('answers 413 to a body over the limit', async () => {
    const { fake } = await setUp({ bodyLimit: 1024 });
    const response = await termiiSend(fake, { sms: 'x'.repeat(2048) });
    expect(response.status).toBe(413);
    expect(fake.messages()).toEqual([]);
  });

  it('keeps only the newest messages', async () => {
    const { fake } = await setUp({ maxMessages: 2 });
    for (const text of ['first', 'second', 'third']) await termiiSend(fake, { sms: text });
    expect(fake.messages().map((message) => message.text)).toEqual(['second', 'third']);
  });

  it("answers every send with the provider's 503 during a simulated outage", async () => {
    const { fake } = await setUp();
    fake.setOutage(true);
    expect((await termiiSend(fake)).status).toBe(503);
    expect((await atSend(fake)).status).toBe(503);
    const whatsapp = await whatsappSend(fake);
    expect([whatsapp.status, (await whatsapp.json()).error.code]).toEqual([503, 2]);
    expect(fake.messages()).toEqual([]);
    fake.setOutage(false);
    expect((await termiiSend(fake)).status).toBe(200);
  });
});
