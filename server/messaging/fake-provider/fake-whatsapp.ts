/**
 * WhatsApp Cloud API as the fake speaks it: POST /{version}/{phone-number-id}/messages with a Bearer token
 * (https://developers.facebook.com/docs/whatsapp/cloud-api/reference/messages), Graph API errors
 * (https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes), and the webhook's status and message
 * notifications (https://developers.facebook.com/docs/whatsapp/cloud-api/webhooks/components), signed with
 * X-Hub-Signature-256: sha256= and the HMAC-SHA256 of the body under the app secret.
 */
import { textMessageValue, unixSeconds, whatsAppNotificationBody, whatsAppSignature } from './whatsapp-notification';
import { randomBytes } from 'node:crypto';
import { hexId, headerValue, jsonAnswer, jsonObject } from './fake-answers';
import type { FakeCredentials } from './fake-provider-settings';
import type { AppCallback, FakeProviderApi, FakeSendAnswer } from './fake-provider-types';
import type { FakeMediaMessage } from './fake-whatsapp-media';

const SEND_PATH = /^\/v\d+\.\d+\/([^/]+)\/messages$/;
/** The business account the fake's notifications name; the app reads the phone-number ID beside it. */
const WA_ID = /^\+?([1-9]\d{7,14})$/;

const graphError = (status: number, code: number, message: string, extra: Record<string, unknown> = {}) =>
  jsonAnswer(status, { error: { message, type: 'OAuthException', code, ...extra, fbtrace_id: `A${hexId(11)}` } });

const missing = (parameter: string) => graphError(400, 100, `(#100) The parameter ${parameter} is required.`);

export const whatsappMessageId = () => `wamid.${randomBytes(30).toString('base64')}`;

const asObject = (value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** The text a tester reads on the fake's page: the body, or the template's name and parameters. */
function displayText(body: Record<string, unknown>): string | FakeSendAnswer {
  const type = body.type ?? 'text';
  if (type === 'text') {
    const text = asObject(body.text).body;
    return typeof text === 'string' && text ? text : missing("text['body']");
  }
  if (type === 'template') {
    const template = asObject(body.template);
    if (typeof template.name !== 'string' || !template.name) return missing("template['name']");
    const language = asObject(template.language).code;
    if (typeof language !== 'string' || !language) return missing("template['language']['code']");
    const components: unknown[] = Array.isArray(template.components) ? template.components : [];
    const parameters = components
      .flatMap((component): unknown[] => {
        const list = asObject(component).parameters;
        return Array.isArray(list) ? list : [];
      })
      .map((parameter) => {
        const text = asObject(parameter).text;
        return typeof text === 'string' ? text : '';
      });
    return `[template ${template.name}, ${language}] ${parameters.join(' | ')}`.trim();
  }
  return graphError(400, 100, '(#100) Param type must be text or template in the fake provider.');
}

function notification(credentials: FakeCredentials, value: Record<string, unknown>): AppCallback {
  const body = whatsAppNotificationBody(credentials.WHATSAPP_PHONE_NUMBER_ID, value);
  return {
    path: '/webhooks/whatsapp',
    contentType: 'application/json',
    headers: { 'x-hub-signature-256': whatsAppSignature(body, credentials.WHATSAPP_APP_SECRET) },
    body,
  };
}

export const fakeWhatsApp: FakeProviderApi = {
  name: 'whatsapp',
  handles: (pathname) => SEND_PATH.test(pathname),
  send(request, credentials): FakeSendAnswer {
    const authorization = headerValue(request.headers, 'authorization');
    if (!authorization?.startsWith('Bearer '))
      return graphError(401, 2500, 'An active access token must be used to query information about the current user.');
    if (authorization.slice('Bearer '.length) !== credentials.WHATSAPP_ACCESS_TOKEN)
      return graphError(401, 190, 'Invalid OAuth access token - Cannot parse access token');
    const phoneNumberId = SEND_PATH.exec(request.pathname)![1]!;
    if (phoneNumberId !== credentials.WHATSAPP_PHONE_NUMBER_ID)
      return graphError(
        400,
        100,
        `Unsupported post request. Object with ID '${phoneNumberId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
        { error_subcode: 33 },
      );
    const body = jsonObject(request.body);
    if (!body) return graphError(400, 100, '(#100) Invalid parameter');
    if (body.messaging_product !== 'whatsapp') return missing('messaging_product');
    if (typeof body.to !== 'string' || !body.to) return missing('to');
    const waId = WA_ID.exec(body.to)?.[1];
    if (!waId) return graphError(400, 100, '(#100) Invalid parameter', { error_data: { details: 'Invalid to' } });
    const text = displayText(body);
    if (typeof text !== 'string') return text;
    const id = whatsappMessageId();
    return {
      ...jsonAnswer(200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: body.to, wa_id: waId }],
        messages: [{ id }],
      }),
      accepted: [
        {
          id,
          provider: 'whatsapp',
          to: `+${waId}`,
          from: phoneNumberId,
          text,
          route: typeof body.type === 'string' ? body.type : 'text',
        },
      ],
    };
  },
  outage: () => graphError(503, 2, '(#2) Service temporarily unavailable', { is_transient: true }),
  receiptStatuses: ['delivered', 'read', 'failed'],
  receipt(message, status, credentials, now) {
    const failure =
      status === 'failed'
        ? {
            errors: [
              {
                code: 131026,
                title: 'Message undeliverable',
                message: 'Message undeliverable',
                error_data: { details: 'Message Undeliverable.' },
              },
            ],
          }
        : {};
    return notification(credentials, {
      statuses: [
        { id: message.id, status, timestamp: unixSeconds(now), recipient_id: message.to.slice(1), ...failure },
      ],
    });
  },
  inbound: (from, text, credentials, now) =>
    notification(credentials, textMessageValue(from, text, whatsappMessageId(), now, 'Patient (fake)')),
};

/** A photo or voice note from `from` (E.164) to the app: the webhook's image or audio message for a kept file. */
export function whatsAppMediaInbound(
  from: string,
  media: FakeMediaMessage,
  credentials: FakeCredentials,
  now: Date,
): AppCallback {
  const waId = from.replace(/^\+/, '');
  return notification(credentials, {
    contacts: [{ profile: { name: 'Patient (fake)' }, wa_id: waId }],
    messages: [
      {
        from: waId,
        id: whatsappMessageId(),
        timestamp: unixSeconds(now),
        type: media.type,
        [media.type]: media.object,
      },
    ],
  });
}
