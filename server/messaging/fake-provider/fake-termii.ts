/**
 * Termii as the fake speaks it: POST /api/sms/send (https://developers.termii.com/messaging-api), its delivery reports
 * (https://developers.termii.com/events-and-reports) and its inbound messages (https://developers.termii.com/incoming),
 * both signed with X-Termii-Signature, the HMAC-SHA512 of the body under the account's secret key.
 */
import { createHmac } from 'node:crypto';
import { decimalId, jsonAnswer, jsonObject, spacedLagos } from './fake-answers';
import type { FakeProviderApi, FakeReceiptStatus, FakeSendAnswer } from './fake-provider-types';

const CHANNELS = ['dnd', 'generic', 'whatsapp'];
const TYPES = ['plain', 'unicode'];
/** Termii takes one number or an array of at most 100, each international without the plus. */
const MAX_RECIPIENTS = 100;
const TERMII_NUMBER = /^[1-9]\d{7,14}$/;

/** Termii's words for our statuses (the 'Status of messages sent' table). */
const STATUS_WORDS: Partial<Record<FakeReceiptStatus, string>> = { delivered: 'Delivered', failed: 'Message Failed' };

const refuse = (status: number, message: string) => jsonAnswer(status, { code: 'fail', message });

function recipientsOf(to: unknown): string[] | null {
  const list = Array.isArray(to) ? to : [to];
  if (!list.length || list.length > MAX_RECIPIENTS) return null;
  return list.every((item): item is string => typeof item === 'string' && TERMII_NUMBER.test(item)) ? list : null;
}

function signed(body: string, secretKey: string) {
  return {
    path: '/webhooks/termii',
    contentType: 'application/json',
    headers: { 'x-termii-signature': createHmac('sha512', secretKey).update(body).digest('hex') },
    body,
  };
}

export const fakeTermii: FakeProviderApi = {
  name: 'termii',
  handles: (pathname) => pathname === '/api/sms/send',
  send(request, credentials): FakeSendAnswer {
    const body = jsonObject(request.body);
    if (!body) return refuse(400, 'The request body must be a JSON object');
    if (body.api_key !== credentials.TERMII_API_KEY) return refuse(401, 'Unauthorized: no valid API key provided');
    for (const field of ['to', 'from', 'sms', 'type', 'channel'])
      if (body[field] === undefined || body[field] === '') return refuse(400, `The ${field} field is required.`);
    const { from, sms, type, channel } = body;
    if (from !== credentials.TERMII_SENDER_ID) return refuse(400, 'Invalid Sender Id');
    if (typeof channel !== 'string' || !CHANNELS.includes(channel))
      return refuse(422, `The channel must be one of ${CHANNELS.join(', ')}.`);
    if (typeof type !== 'string' || !TYPES.includes(type)) return refuse(422, 'The type must be plain.');
    if (typeof sms !== 'string') return refuse(422, 'The sms must be a string.');
    const recipients = recipientsOf(body.to);
    if (!recipients)
      return refuse(422, 'The to field must be international numbers without a plus (2348031234567), at most 100.');
    const accepted = recipients.map((number) => ({
      id: decimalId(),
      provider: 'termii' as const,
      to: `+${number}`,
      from,
      text: sms,
      route: channel,
    }));
    const messageId = accepted[0]!.id;
    return {
      ...jsonAnswer(200, {
        code: 'ok',
        message_id: messageId,
        message_id_str: messageId,
        message: 'Successfully Sent',
        balance: 1000,
        user: 'Ilera Health (fake)',
      }),
      accepted,
    };
  },
  outage: () => refuse(503, 'Service Unavailable'),
  receiptStatuses: ['delivered', 'failed'],
  receipt(message, status, credentials) {
    const words = STATUS_WORDS[status];
    if (!words) throw new Error(`Termii reports no '${status}' status`);
    const body = JSON.stringify({
      type: 'outbound',
      id: decimalId(),
      message_id: message.id,
      receiver: message.to.slice(1),
      sender: message.from,
      message: message.text,
      sent_at: spacedLagos(new Date(message.receivedAt)),
      cost: '3.9',
      status: words,
      channel: message.route,
    });
    return signed(body, credentials.TERMII_SECRET_KEY);
  },
  inbound(from, text, credentials, now) {
    const body = JSON.stringify({
      type: 'inbound',
      id: decimalId(),
      message_id: decimalId(),
      receiver: credentials.TERMII_SENDER_ID,
      sender: from.replace(/^\+/, ''),
      message: text,
      received_at: now.toISOString(),
      cost: null,
      command: 'Received',
      status: 'Received',
      channel: null,
    });
    return signed(body, credentials.TERMII_SECRET_KEY);
  },
};
