import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { WebhookRequest } from '../../../../server/messaging/messaging-types';
import { contractMessage, providerContract } from './provider-contract';
import {
  africasTalkingWebhook,
  createAfricasTalkingDriver,
} from '../../../../server/messaging/providers/africastalking';

/** A callback's fields as Africa's Talking posts them: form-encoded. */
const formBody = (fields: Record<string, unknown>) =>
  Buffer.from(new URLSearchParams(fields as Record<string, string>).toString());

const settings = {
  AT_USERNAME: 'ilera',
  AT_API_KEY: 'atsk_0123456789abcdef0123456789abcdef',
  AT_SENDER_ID: 'Ilera',
  AT_BASE_URL: 'https://at.test',
};
const sendUrl = 'https://at.test/version1/messaging';
const message = contractMessage;

const { fixture, answerSends, sendError } = providerContract({
  fixtures: 'africastalking',
  sendUrl,
  driver: () => createAfricasTalkingDriver(settings),
});

describe('createAfricasTalkingDriver', () => {
  it('posts the form to /version1/messaging with the apiKey header, the number in E.164 and the sender ID', async () => {
    const seen = answerSends(() => HttpResponse.json(fixture('send-response.json'), { status: 201 }));
    const driver = createAfricasTalkingDriver(settings);
    expect(driver).toMatchObject({ name: 'africastalking', channel: 'sms', receipts: true });

    await driver.send(message);

    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe(sendUrl);
    expect(request!.headers.get('apikey')).toBe(settings.AT_API_KEY);
    expect(request!.headers.get('accept')).toBe('application/json');
    expect(request!.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(request!.body))).toEqual({
      username: 'ilera',
      to: '+2348031234567',
      message: message.text,
      from: 'Ilera',
    });
  });

  it('leaves `from` out without a sender ID (Africa’s Talking then uses its own)', async () => {
    const seen = answerSends(() => HttpResponse.json(fixture('send-response.json'), { status: 201 }));
    await createAfricasTalkingDriver({ ...settings, AT_SENDER_ID: undefined }).send(message);
    expect(new URLSearchParams(seen[0]!.body).has('from')).toBe(false);
  });

  it('reads the first recipient’s messageId as the provider id', async () => {
    answerSends(() => HttpResponse.json(fixture('send-response.json'), { status: 201 }));
    await expect(createAfricasTalkingDriver(settings).send(message)).resolves.toEqual({
      providerId: 'ATXid_7a3e4c2b9f1d8e6a5b4c3d2e1f0a9b8c',
    });
  });

  it.each([100, 102])('takes statusCode %i (processed, queued) as accepted', async (statusCode) => {
    const answer = fixture('send-response.json') as { SMSMessageData: { Recipients: { statusCode: number }[] } };
    answer.SMSMessageData.Recipients[0]!.statusCode = statusCode;
    answerSends(() => HttpResponse.json(answer, { status: 201 }));
    await expect(createAfricasTalkingDriver(settings).send(message)).resolves.toEqual({
      providerId: 'ATXid_7a3e4c2b9f1d8e6a5b4c3d2e1f0a9b8c',
    });
  });

  it.each([
    [401, 'RiskHold', false],
    [402, 'InvalidSenderId', false],
    [403, 'InvalidPhoneNumber', false],
    [405, 'InsufficientBalance', true],
    [406, 'UserInBlacklist', false],
    [500, 'InternalServerError', true],
    [502, 'RejectedByGateway', true],
  ])('reads recipient statusCode %i (%s) as a refusal, retryable: %s', async (code, status, retryable) => {
    const error = await sendError(() => HttpResponse.json(fixture(`send-response-${code}.json`), { status: 201 }));
    expect(error).toMatchObject({ retryable, status: 201 });
    expect(error.message).toContain(`${code} ${status}`);
  });

  it('refuses for good when nobody was sent to, with the reason Africa’s Talking gives', async () => {
    const error = await sendError(() => HttpResponse.json(fixture('send-response-no-recipients.json')));
    expect(error.retryable).toBe(false);
    expect(error.message).toContain('InvalidSenderId');
  });

  it('reads a plain-text refusal of the request: 401 is final, 5xx retryable', async () => {
    const unauthorised = await sendError(
      () => new HttpResponse('The supplied authentication is invalid', { status: 401 }),
    );
    expect(unauthorised).toMatchObject({ retryable: false, status: 401 });
    expect(unauthorised.message).toContain('The supplied authentication is invalid');
    const down = await sendError(() => new HttpResponse('Service Unavailable', { status: 503 }));
    expect(down).toMatchObject({ retryable: true, status: 503 });
  });

  it('does not retry a success it cannot read: the message may have gone', async () => {
    const error = await sendError(() => new HttpResponse('<html>ok</html>', { status: 201 }));
    expect(error).toMatchObject({ retryable: false, status: 201 });
  });

  it('counts an unreachable Africa’s Talking as retryable', async () => {
    const error = await sendError(() => HttpResponse.error());
    expect(error.retryable).toBe(true);
  });

  it('never puts the API key in an error', async () => {
    const error = await sendError(() => new HttpResponse(`bad apiKey ${settings.AT_API_KEY}`, { status: 401 }));
    expect(error.message).not.toContain(settings.AT_API_KEY);
  });

  it('refuses a number that is not E.164 without asking Africa’s Talking', async () => {
    const seen = answerSends(() => HttpResponse.json(fixture('send-response.json')));
    await expect(createAfricasTalkingDriver(settings).send({ ...message, to: '2348031234567' })).rejects.toMatchObject({
      retryable: false,
    });
    expect(seen).toHaveLength(0);
  });
});

const token = 'at-callback-token-0123456789abcdef';
const receivedAt = new Date('2026-11-27T09:15:00Z');
const webhook = africasTalkingWebhook({ AT_WEBHOOK_TOKEN: token }, () => receivedAt);
const callback = (rawBody: Buffer, query: WebhookRequest['query'] = { token }): WebhookRequest => ({
  method: 'POST',
  rawBody,
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  query,
});

describe('africasTalkingWebhook.verify', () => {
  const body = formBody(fixture('delivery-report-success.json'));

  it('accepts the token of the callback URL', () => {
    expect(webhook.provider).toBe('africastalking');
    expect(webhook.verify(callback(body))).toBe(true);
  });

  it('refuses a missing, empty, shorter, longer or different token', () => {
    expect(webhook.verify(callback(body, {}))).toBe(false);
    expect(webhook.verify(callback(body, { token: '' }))).toBe(false);
    expect(webhook.verify(callback(body, { token: token.slice(0, -1) }))).toBe(false);
    expect(webhook.verify(callback(body, { token: `${token}x` }))).toBe(false);
    expect(webhook.verify(callback(body, { token: token.toUpperCase() }))).toBe(false);
  });
});

describe('africasTalkingWebhook.parse', () => {
  it('reads a delivery report of Success as delivered, at the time it arrived (reports carry none)', () => {
    expect(webhook.parse(callback(formBody(fixture('delivery-report-success.json'))))).toEqual([
      {
        kind: 'status',
        providerId: 'ATXid_7a3e4c2b9f1d8e6a5b4c3d2e1f0a9b8c',
        status: 'delivered',
        at: receivedAt.toISOString(),
        eventId: 'ATXid_7a3e4c2b9f1d8e6a5b4c3d2e1f0a9b8c:Success',
      },
    ]);
  });

  it('reads a failed report with its failureReason', () => {
    expect(webhook.parse(callback(formBody(fixture('delivery-report-failed.json'))))).toEqual([
      {
        kind: 'status',
        providerId: 'ATXid_7a3e4c2b9f1d8e6a5b4c3d2e1f0a9b8c',
        status: 'failed',
        at: receivedAt.toISOString(),
        error: 'Failed: DeliveryFailure',
        eventId: 'ATXid_7a3e4c2b9f1d8e6a5b4c3d2e1f0a9b8c:Failed',
      },
    ]);
  });

  it.each([
    ['Sent', 'sent'],
    ['Submitted', 'sent'],
    ['Buffered', 'sent'],
    ['Success', 'delivered'],
    ['Rejected', 'failed'],
    ['Failed', 'failed'],
    ['AbsentSubscriber', 'failed'],
    ['Expired', 'failed'],
  ])('maps the documented status %s to %s', (atStatus, status) => {
    const report = { ...fixture('delivery-report-success.json'), status: atStatus };
    expect(webhook.parse(callback(formBody(report)))[0]).toMatchObject({ kind: 'status', status });
  });

  it('gives a repeat the same eventId, though it arrives later', () => {
    const body = formBody(fixture('delivery-report-success.json'));
    const first = webhook.parse(callback(body));
    const later = africasTalkingWebhook({ AT_WEBHOOK_TOKEN: token }, () => new Date('2026-11-27T10:00:00Z'));
    expect(later.parse(callback(body))[0]!.eventId).toBe(first[0]!.eventId);
  });

  it('reads an incoming message, posted to the same URL, as an inbound SMS', () => {
    expect(webhook.parse(callback(formBody(fixture('incoming-message.json'))))).toEqual([
      {
        kind: 'inbound',
        channel: 'sms',
        from: '+2348031234567',
        text: 'STOP',
        at: '2026-11-27T09:14:05.000Z',
        eventId: 'b3f1c0d2-5e6a-4c7b-8d9e-0f1a2b3c4d5e',
      },
    ]);
  });

  it('writes a sender without its plus in E.164, and takes an empty text as a message', () => {
    const incoming = { ...fixture('incoming-message.json'), from: '2348031234567', text: '' };
    expect(webhook.parse(callback(formBody(incoming)))[0]).toMatchObject({ from: '+2348031234567', text: '' });
  });

  it('ignores a status it does not document', () => {
    const report = { ...fixture('delivery-report-success.json'), status: 'Queued' };
    expect(webhook.parse(callback(formBody(report)))).toEqual([]);
  });

  it("reads the network's own opt-out notification as the person's STOP, one event a day", () => {
    const { _source: _, ...optOut } = fixture('opt-out.json') as Record<string, string>;
    const [event] = webhook.parse(callback(formBody(optOut)));
    expect(event).toEqual({
      kind: 'inbound',
      channel: 'sms',
      from: '+2348031234567',
      text: 'STOP',
      at: receivedAt.toISOString(),
      eventId: `opt-out:+2348031234567:ILERA:${receivedAt.toISOString().slice(0, 10)}`,
    });
    const nextDay = africasTalkingWebhook(
      { AT_WEBHOOK_TOKEN: token },
      () => new Date(receivedAt.getTime() + 86_400_000),
    );
    expect(nextDay.parse(callback(formBody(optOut)))[0]!.eventId).not.toBe(event!.eventId);
  });

  it('throws on a body that is neither a report nor a message', () => {
    expect(() => webhook.parse(callback(Buffer.from('')))).toThrow();
    expect(() => webhook.parse(callback(formBody({ id: 'ATXid_1', phoneNumber: '+2348031234567' })))).toThrow();
    expect(() => webhook.parse(callback(formBody({ status: 'Success' })))).toThrow();
  });
});
