/**
 * Meta's webhook notification as the Cloud API sends it (https://developers.facebook.com/docs/whatsapp/cloud-api/webhooks):
 * one change on the 'messages' field, signed with the app secret (X-Hub-Signature-256). The fake provider, the webhook
 * bench and the tests build their posts here, so they all speak the same shape.
 */
import { createHmac } from 'node:crypto';

const BUSINESS_ACCOUNT_ID = '200000000000002';
const DISPLAY_NUMBER = '2348000000000';

export const unixSeconds = (at: Date) => String(Math.floor(at.getTime() / 1000));

/** The notification's JSON, with `value` (messages, statuses, contacts) inside its one change. */
export function whatsAppNotificationBody(phoneNumberId: string, value: Record<string, unknown>): string {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: BUSINESS_ACCOUNT_ID,
        changes: [
          {
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: DISPLAY_NUMBER, phone_number_id: phoneNumberId },
              ...value,
            },
            field: 'messages',
          },
        ],
      },
    ],
  });
}

/** The X-Hub-Signature-256 header Meta sends with `body`. */
export const whatsAppSignature = (body: string, appSecret: string) =>
  `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;

/** One text message from `from` (E.164), as the notification's value. */
export function textMessageValue(from: string, text: string, id: string, at: Date, name = 'Patient') {
  const waId = from.replace(/^\+/, '');
  return {
    contacts: [{ profile: { name }, wa_id: waId }],
    messages: [{ from: waId, id, timestamp: unixSeconds(at), type: 'text', text: { body: text } }],
  };
}
