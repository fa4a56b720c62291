/** Meta's webhook as tests post it (issue #30): a message from a number, signed with the app secret. */
import { randomBytes } from 'node:crypto';
import {
  textMessageValue,
  unixSeconds,
  whatsAppNotificationBody,
  whatsAppSignature,
} from '../../server/messaging/fake-provider/whatsapp-notification';

export const TEST_APP_SECRET = 'meta-app-secret-for-desk-tests';
const PHONE_NUMBER_ID = '1234567';

export function whatsAppMessageBody(
  from: string,
  text: string,
  options: { id?: string; at?: Date; type?: string } = {},
) {
  const id = options.id ?? `wamid.${randomBytes(12).toString('hex')}`;
  const at = options.at ?? new Date();
  const type = options.type ?? 'text';
  if (type === 'text') return whatsAppNotificationBody(PHONE_NUMBER_ID, textMessageValue(from, text, id, at));
  const waId = from.replace(/^\+/, '');
  return whatsAppNotificationBody(PHONE_NUMBER_ID, {
    contacts: [{ profile: { name: 'Patient' }, wa_id: waId }],
    messages: [
      { from: waId, id, timestamp: unixSeconds(at), type, [type]: { id: 'media-1', mime_type: 'image/jpeg' } },
    ],
  });
}

export const whatsAppStatusBody = (providerId: string, status: string, recipient: string) =>
  whatsAppNotificationBody(PHONE_NUMBER_ID, {
    statuses: [
      { id: providerId, status, timestamp: unixSeconds(new Date()), recipient_id: recipient.replace(/^\+/, '') },
    ],
  });

export const signWhatsApp = (body: string, secret = TEST_APP_SECRET) => whatsAppSignature(body, secret);

export const postWhatsApp = (baseUrl: string, body: string, signature = signWhatsApp(body)) =>
  fetch(`${baseUrl}/webhooks/whatsapp`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
  });
