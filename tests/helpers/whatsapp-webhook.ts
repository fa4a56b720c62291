/** Meta's webhook as tests post it (issue #30): a message from a number, signed with the app secret. */
import { createHmac, randomBytes } from 'node:crypto';

export const TEST_APP_SECRET = 'meta-app-secret-for-desk-tests';

export function whatsAppMessageBody(
  from: string,
  text: string,
  options: { id?: string; at?: Date; type?: string } = {},
) {
  const waId = from.replace(/^\+/, '');
  const type = options.type ?? 'text';
  const message = {
    from: waId,
    id: options.id ?? `wamid.${randomBytes(12).toString('hex')}`,
    timestamp: String(Math.floor((options.at ?? new Date()).getTime() / 1000)),
    type,
    ...(type === 'text' ? { text: { body: text } } : { [type]: { id: 'media-1', mime_type: 'image/jpeg' } }),
  };
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '200000000000002',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '2348000000000', phone_number_id: '1234567' },
              contacts: [{ profile: { name: 'Patient' }, wa_id: waId }],
              messages: [message],
            },
          },
        ],
      },
    ],
  });
}

export function whatsAppStatusBody(providerId: string, status: string, recipient: string) {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '200000000000002',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '2348000000000', phone_number_id: '1234567' },
              statuses: [
                {
                  id: providerId,
                  status,
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  recipient_id: recipient.replace(/^\+/, ''),
                },
              ],
            },
          },
        ],
      },
    ],
  });
}

export const signWhatsApp = (body: string, secret = TEST_APP_SECRET) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

export const postWhatsApp = (baseUrl: string, body: string, signature = signWhatsApp(body)) =>
  fetch(`${baseUrl}/webhooks/whatsapp`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
  });
