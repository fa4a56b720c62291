/**
 * Termii (https://developers.termii.com): SMS on the DND route, its delivery reports and inbound messages.
 * Send: https://developers.termii.com/messaging-api. Callbacks: https://developers.termii.com/events-and-reports
 * (delivery reports, signed with X-Termii-Signature) and https://developers.termii.com/incoming (inbound messages, sent
 * to the same webhook URL of the account).
 */
import { z } from 'zod';
import {
  ProviderError,
  type DeliveryStatus,
  type MessagingDriver,
  type ProviderEvent,
  type ProviderWebhook,
} from '../messaging-types';
import type { ProviderSettings } from './provider-settings';
import { checkE164, redact, requestProvider, retryableHttpStatus } from './provider-request';
import { headerValue, hmacMatches, providerTime, toE164 } from './webhook-checks';

export type TermiiSettings = ProviderSettings<'TERMII_API_KEY' | 'TERMII_SENDER_ID' | 'TERMII_BASE_URL'>;
export type TermiiWebhookSettings = ProviderSettings<'TERMII_SECRET_KEY'>;

const sendReplySchema = z.object({
  // Documented as a string; older answers gave a number, which loses digits past 2^53, so message_id_str wins.
  message_id: z.union([z.string(), z.number()]).optional(),
  message_id_str: z.string().optional(),
  message: z.string().optional(),
});

export function createTermiiDriver(
  settings: TermiiSettings,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): MessagingDriver {
  const url = `${settings.TERMII_BASE_URL.replace(/\/+$/, '')}/api/sms/send`;
  const secrets = [settings.TERMII_API_KEY];
  return {
    name: 'termii',
    channel: 'sms',
    receipts: true,
    async send(message) {
      const to = checkE164('Termii', message.to).slice(1);
      const reply = await requestProvider(fetchImpl, {
        provider: 'Termii',
        url,
        secrets,
        init: {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          // The DND route is Termii's transactional route: it also reaches numbers with do-not-disturb on.
          body: JSON.stringify({
            api_key: settings.TERMII_API_KEY,
            to,
            from: settings.TERMII_SENDER_ID,
            sms: message.text,
            type: 'plain',
            channel: 'dnd',
          }),
        },
      });
      const parsed = sendReplySchema.safeParse(reply.json);
      const body = parsed.success ? parsed.data : {};
      const reason = redact(body.message ?? reply.text, secrets) || 'no reason given';
      if (!reply.ok)
        throw new ProviderError(
          `Termii refused the message (${reply.status}): ${reason}`,
          retryableHttpStatus(reply.status),
          reply.status,
        );
      const providerId = body.message_id_str ?? (body.message_id === undefined ? undefined : String(body.message_id));
      // Termii may have queued it: sending again could reach the patient twice, so this is not retried.
      if (!providerId)
        throw new ProviderError(`Termii answered ${reply.status} without a message_id: ${reason}`, false, reply.status);
      return { providerId };
    },
  };
}

const callbackSchema = z.object({
  type: z.string(),
  id: z.union([z.string(), z.number()]).nullish(),
  message_id: z.union([z.string(), z.number()]).nullish(),
  sender: z.string().nullish(),
  receiver: z.string().nullish(),
  message: z.string().nullish(),
  sent_at: z.string().nullish(),
  received_at: z.string().nullish(),
  status: z.string().nullish(),
});

/**
 * Termii's report states (the events page lists 'DELIVERED | Message delivered to handset', 'Delivered', 'Message
 * Sent', 'Received', 'DND Active on Phone Number', 'Message Failed', 'Rejected' and 'Expired'), keyed by the words
 * before any ' | ' explanation, lower case.
 */
const reportStatuses: Record<string, DeliveryStatus> = {
  'message sent': 'sent',
  sent: 'sent',
  delivered: 'delivered',
  // For a report on an outbound message, 'Received' means the handset received it.
  received: 'delivered',
  'dnd active on phone number': 'failed',
  'message failed': 'failed',
  failed: 'failed',
  rejected: 'failed',
  expired: 'failed',
};

const statusKey = (status: string) => status.split('|')[0]!.trim().toLowerCase();

// The docs give report times without a zone ('2020-12-16 11:34:36'); Termii is a Lagos company, so Lagos time.
const LAGOS_OFFSET = '+01:00';

export function termiiWebhook(settings: TermiiWebhookSettings, now: () => Date = () => new Date()): ProviderWebhook {
  return {
    provider: 'termii',
    verify: (request) =>
      hmacMatches('sha512', settings.TERMII_SECRET_KEY, request.rawBody, headerValue(request, 'x-termii-signature')),
    parse(request) {
      const body = callbackSchema.parse(JSON.parse(request.rawBody.toString('utf8')));
      const messageId = body.message_id == null ? undefined : String(body.message_id);
      if (body.type === 'outbound') {
        if (!messageId || !body.status) throw new Error('Termii report without message_id or status');
        const key = statusKey(body.status);
        const status = reportStatuses[key];
        // A state Termii adds later is no reason to refuse the callback (it would be sent again and again).
        if (!status) return [];
        const event: ProviderEvent = {
          kind: 'status',
          providerId: messageId,
          status,
          at: providerTime(body.sent_at ?? undefined, LAGOS_OFFSET, now()),
          eventId: `${messageId}:${key}`,
          ...(status === 'failed' ? { error: body.status } : {}),
        };
        return [event];
      }
      if (body.type === 'inbound') {
        if (!messageId || !body.sender) throw new Error('Termii inbound message without message_id or sender');
        return [
          {
            kind: 'inbound',
            channel: 'sms',
            from: toE164(body.sender),
            text: body.message ?? '',
            at: providerTime(body.received_at ?? undefined, LAGOS_OFFSET, now()),
            eventId: messageId,
          },
        ];
      }
      // Other events of the account (device_status for Termii's WhatsApp devices) say nothing about our messages.
      return [];
    },
  };
}
