/**
 * Africa's Talking as the fake speaks it: POST /version1/messaging, form-encoded with the apiKey header
 * (https://developers.africastalking.com/docs/sms/sending), and its delivery reports and incoming messages, posted
 * form-encoded to one callback URL (https://developers.africastalking.com/docs/sms/notifications). AT signs nothing:
 * the app's URL carries AT_WEBHOOK_TOKEN.
 */
import { randomUUID } from 'node:crypto';
import { headerValue, hexId, isE164, textAnswer } from './fake-answers';
import type { FakeCredentials } from './fake-provider-settings';
import type { FakeProviderApi, FakeReceiptStatus, FakeSendAnswer } from './fake-provider-types';

/** MTN Nigeria, the network code the fake reports for every number. */
const NETWORK_CODE = '62130';
const COST = 2.2;
const UNAUTHORIZED = 'The supplied authentication is invalid';

const STATUS_WORDS: Partial<Record<FakeReceiptStatus, string>> = { delivered: 'Success', failed: 'Failed' };

const callbackPath = (credentials: FakeCredentials) =>
  `/webhooks/africastalking?token=${encodeURIComponent(credentials.AT_WEBHOOK_TOKEN)}`;

const formCallback = (credentials: FakeCredentials, fields: Record<string, string>) => ({
  path: callbackPath(credentials),
  contentType: 'application/x-www-form-urlencoded',
  headers: {},
  body: new URLSearchParams(fields).toString(),
});

function refusal(number: string, statusCode: number, status: string) {
  return { statusCode, number, status, cost: '0', messageId: 'None' };
}

export const fakeAfricasTalking: FakeProviderApi = {
  name: 'africastalking',
  handles: (pathname) => pathname === '/version1/messaging',
  send(request, credentials): FakeSendAnswer {
    if (headerValue(request.headers, 'apikey') !== credentials.AT_API_KEY) return textAnswer(401, UNAUTHORIZED);
    const isForm = (headerValue(request.headers, 'content-type') ?? '').startsWith('application/x-www-form-urlencoded');
    const form = new URLSearchParams(isForm ? request.body.toString('utf8') : '');
    for (const field of ['username', 'to', 'message'])
      if (!form.get(field)) return textAnswer(400, `Request is missing required form field '${field}'`);
    if (form.get('username') !== credentials.AT_USERNAME) return textAnswer(401, UNAUTHORIZED);
    const from = form.get('from') ?? '';
    const text = form.get('message')!;
    const numbers = form
      .get('to')!
      .split(',')
      .map((number) => number.trim());
    const accepted: FakeSendAnswer['accepted'] = [];
    const recipients = numbers.map((number) => {
      if (from && from !== credentials.AT_SENDER_ID) return refusal(number, 402, 'InvalidSenderId');
      if (!isE164(number)) return refusal(number, 403, 'InvalidPhoneNumber');
      const id = `ATXid_${hexId(16)}`;
      accepted.push({
        id,
        provider: 'africastalking',
        to: number,
        from: from || credentials.AT_USERNAME,
        text,
        route: 'sms',
      });
      return { statusCode: 101, number, status: 'Success', cost: `NGN ${COST.toFixed(4)}`, messageId: id };
    });
    const total = `NGN ${(COST * accepted.length).toFixed(4)}`;
    const body = {
      SMSMessageData: {
        Message: `Sent to ${accepted.length}/${numbers.length} Total Cost: ${total}`,
        Recipients: recipients,
      },
    };
    return { status: 201, contentType: 'application/json', body: JSON.stringify(body), accepted };
  },
  outage: () => textAnswer(503, 'Service Unavailable'),
  receiptStatuses: ['delivered', 'failed'],
  receipt(message, status, credentials) {
    const words = STATUS_WORDS[status];
    if (!words) throw new Error(`Africa's Talking reports no '${status}' status`);
    return formCallback(credentials, {
      id: message.id,
      status: words,
      phoneNumber: message.to,
      networkCode: NETWORK_CODE,
      ...(status === 'failed' ? { failureReason: 'DeliveryFailure' } : {}),
      retryCount: '0',
    });
  },
  inbound(from, text, credentials, now) {
    return formCallback(credentials, {
      date: now.toISOString(),
      from,
      id: randomUUID(),
      linkId: randomUUID(),
      text,
      to: credentials.AT_SENDER_ID,
      networkCode: NETWORK_CODE,
    });
  },
};
