import { createHmac } from 'node:crypto';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { WebhookRequest } from '../../../../server/messaging/messaging-types';
import { contractMessage, providerContract } from './provider-contract';
import { createTermiiDriver, termiiWebhook } from '../../../../server/messaging/providers/termii';

const settings = {
  TERMII_API_KEY: 'TLtestkey0123456789abcdefghijklmnop',
  TERMII_SENDER_ID: 'Ilera',
  TERMII_BASE_URL: 'https://termii.test',
};
const sendUrl = 'https://termii.test/api/sms/send';
const message = contractMessage;

const { server, fixture, fixtureBytes, answerSends, sendError } = providerContract({
  fixtures: 'termii',
  sendUrl,
  driver: () => createTermiiDriver(settings),
});

describe('createTermiiDriver', () => {
  it('posts the documented JSON to /api/sms/send on the DND route, the number without its plus', async () => {
    const seen = answerSends(() => HttpResponse.json(fixture('send-response.json')));
    const driver = createTermiiDriver(settings);
    expect(driver).toMatchObject({ name: 'termii', channel: 'sms', receipts: true });

    await driver.send(message);

    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe(sendUrl);
    expect(request!.headers.get('content-type')).toBe('application/json');
    const body = JSON.parse(request!.body) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(Object.keys(fixture('send-request.json')).sort());
    expect(body).toEqual({
      api_key: settings.TERMII_API_KEY,
      to: '2348031234567',
      from: 'Ilera',
      sms: message.text,
      type: 'plain',
      channel: 'dnd',
    });
  });

  it('joins the base URL with or without its last slash, and keeps a path of its own (a local fake provider)', async () => {
    const seen = answerSends(() => HttpResponse.json(fixture('send-response.json')));
    server.use(
      http.post('https://fake.test/termii/api/sms/send', () => HttpResponse.json(fixture('send-response.json'))),
    );
    await createTermiiDriver({ ...settings, TERMII_BASE_URL: 'https://termii.test/' }).send(message);
    expect(seen[0]!.url).toBe(sendUrl);
    await expect(
      createTermiiDriver({ ...settings, TERMII_BASE_URL: 'https://fake.test/termii' }).send(message),
    ).resolves.toEqual({ providerId: '9122821270554876574' });
  });

  it("reads the documented answer's message_id as the provider id", async () => {
    answerSends(() => HttpResponse.json(fixture('send-response.json')));
    await expect(createTermiiDriver(settings).send(message)).resolves.toEqual({ providerId: '9122821270554876574' });
  });

  it('prefers message_id_str of the v3 answer, which keeps every digit', async () => {
    // message_id as a bare JSON number, as older answers gave it: JSON.parse rounds it.
    const answer = fixtureBytes('send-response-v3.json')
      .toString('utf8')
      .replace('"message_id": "3017544054459493131748"', '"message_id": 3017544054459493131748');
    expect(answer).toContain('"message_id": 3017544054459493131748');
    answerSends(() => new HttpResponse(answer, { headers: { 'Content-Type': 'application/json' } }));
    await expect(createTermiiDriver(settings).send(message)).resolves.toEqual({
      providerId: '3017544054459493131748',
    });
  });

  it('refuses for good on a 401 (bad key) and a 422 (bad request), with Termii’s reason and never the key', async () => {
    const unauthorised = await sendError(() => HttpResponse.json(fixture('send-error-401.json'), { status: 401 }));
    expect(unauthorised).toMatchObject({ retryable: false, status: 401 });
    expect(unauthorised.message).toContain('Invalid API key');

    const invalid = await sendError(() => HttpResponse.json(fixture('send-error-422.json'), { status: 422 }));
    expect(invalid).toMatchObject({ retryable: false, status: 422 });
    expect(invalid.message).toContain('valid phone number');
  });

  it('retries on 429 and on 5xx, even when the body is not JSON', async () => {
    const throttled = await sendError(() => HttpResponse.json({ message: 'Too many requests' }, { status: 429 }));
    expect(throttled).toMatchObject({ retryable: true, status: 429 });
    const down = await sendError(() => new HttpResponse('<html>Bad gateway</html>', { status: 502 }));
    expect(down).toMatchObject({ retryable: true, status: 502 });
    expect(down.message).toContain('Bad gateway');
  });

  it('does not retry a 200 without a message_id: Termii may have queued it, and a second try could send it twice', async () => {
    const error = await sendError(() => HttpResponse.json({ message: 'Something odd' }));
    expect(error).toMatchObject({ retryable: false, status: 200 });
  });

  it('counts an unreachable Termii as retryable', async () => {
    const error = await sendError(() => HttpResponse.error());
    expect(error.retryable).toBe(true);
    expect(error.status).toBeUndefined();
  });

  it('never puts the API key in an error, even when Termii echoes the request back', async () => {
    const error = await sendError(() =>
      HttpResponse.json({ message: `api_key ${settings.TERMII_API_KEY} is not active` }, { status: 401 }),
    );
    expect(error.message).not.toContain(settings.TERMII_API_KEY);
    expect(error.message).toContain('[redacted]');
  });

  it('gives each request a time limit', async () => {
    const signals: (AbortSignal | null | undefined)[] = [];
    answerSends(() => HttpResponse.json(fixture('send-response.json')));
    const recording: typeof fetch = (input, init) => {
      signals.push(init?.signal);
      return fetch(input, init);
    };
    await createTermiiDriver(settings, recording).send(message);
    expect(signals[0]).toBeInstanceOf(AbortSignal);
    expect(signals[0]!.aborted).toBe(false);
  });

  it('refuses a number that is not E.164 without asking Termii', async () => {
    const seen = answerSends(() => HttpResponse.json(fixture('send-response.json')));
    await expect(createTermiiDriver(settings).send({ ...message, to: '08031234567' })).rejects.toMatchObject({
      retryable: false,
    });
    expect(seen).toHaveLength(0);
  });
});

const secret = 'termii-webhook-secret-key';
const webhook = termiiWebhook({ TERMII_SECRET_KEY: secret }, () => new Date('2026-11-27T09:00:00Z'));
const sign = (body: Buffer, key = secret) => createHmac('sha512', key).update(body).digest('hex');
const callback = (rawBody: Buffer, headers: WebhookRequest['headers'] = {}): WebhookRequest => ({
  method: 'POST',
  rawBody,
  headers,
  query: {},
});

describe('termiiWebhook.verify', () => {
  const body = fixtureBytes('delivery-report.json');

  it('accepts the HMAC-SHA512 of the raw body under the secret key, in X-Termii-Signature', () => {
    expect(webhook.provider).toBe('termii');
    expect(webhook.verify(callback(body, { 'x-termii-signature': sign(body) }))).toBe(true);
    expect(webhook.verify(callback(body, { 'X-Termii-Signature': sign(body).toUpperCase() }))).toBe(true);
  });

  it('refuses a missing signature, another key’s signature, and a changed body', () => {
    expect(webhook.verify(callback(body))).toBe(false);
    expect(webhook.verify(callback(body, { 'x-termii-signature': '' }))).toBe(false);
    expect(webhook.verify(callback(body, { 'x-termii-signature': sign(body, 'another-key') }))).toBe(false);
    const changed = Buffer.from(body.toString('utf8').replace('5964465985113503103', '5964465985113503104'));
    expect(webhook.verify(callback(changed, { 'x-termii-signature': sign(body) }))).toBe(false);
    expect(webhook.verify(callback(body, { 'x-termii-signature': sign(body).slice(0, 64) }))).toBe(false);
  });
});

describe('termiiWebhook.parse', () => {
  it('reads the documented delivery report as delivered, its Lagos time in UTC', () => {
    expect(webhook.parse(callback(fixtureBytes('delivery-report.json')))).toEqual([
      {
        kind: 'status',
        providerId: '5964465985113503103',
        status: 'delivered',
        at: '2020-12-16T10:34:36.000Z',
        eventId: '5964465985113503103:delivered',
      },
    ]);
  });

  it.each([
    ['Message Sent', 'sent', undefined],
    ['Delivered', 'delivered', undefined],
    ['Received', 'delivered', undefined],
    ['DND Active on Phone Number', 'failed', 'DND Active on Phone Number'],
    ['Message Failed', 'failed', 'Message Failed'],
    ['Rejected', 'failed', 'Rejected'],
    ['Expired', 'failed', 'Expired'],
  ])('maps the documented status %s to %s', (termiiStatus, status, error) => {
    const report = { ...fixture('delivery-report.json'), status: termiiStatus };
    const [event] = webhook.parse(callback(Buffer.from(JSON.stringify(report))));
    expect(event).toMatchObject({ kind: 'status', status });
    expect(event && 'error' in event ? event.error : undefined).toBe(error);
  });

  it('gives a repeat the same eventId and each state its own', () => {
    const body = fixtureBytes('delivery-report.json');
    const first = webhook.parse(callback(body));
    const again = webhook.parse(callback(Buffer.from(body)));
    expect(again[0]!.eventId).toBe(first[0]!.eventId);
    const failed = { ...fixture('delivery-report.json'), status: 'Message Failed' };
    expect(webhook.parse(callback(Buffer.from(JSON.stringify(failed))))[0]!.eventId).not.toBe(first[0]!.eventId);
  });

  it('reads the documented inbound message as an SMS from an E.164 number', () => {
    expect(webhook.parse(callback(fixtureBytes('inbound.json')))).toEqual([
      {
        kind: 'inbound',
        channel: 'sms',
        from: '+2347069549231',
        text: 'Great ',
        at: '2020-12-16T10:51:03.000Z',
        eventId: '3905204342778053556',
      },
    ]);
  });

  it('ignores events about Termii’s devices and states it does not document', () => {
    expect(webhook.parse(callback(fixtureBytes('device-status.json')))).toEqual([]);
    const unknown = { ...fixture('delivery-report.json'), status: 'Pending Review' };
    expect(webhook.parse(callback(Buffer.from(JSON.stringify(unknown))))).toEqual([]);
  });

  it('throws on a body it cannot read', () => {
    expect(() => webhook.parse(callback(Buffer.from('not json')))).toThrow();
    expect(() => webhook.parse(callback(Buffer.from('{"status":"Delivered"}')))).toThrow();
    expect(() => webhook.parse(callback(Buffer.from('{"type":"outbound","status":"Delivered"}')))).toThrow();
  });

  it('has no verification GET', () => {
    expect(webhook.challenge).toBeUndefined();
  });
});
