/**
 * Africa's Talking (https://developers.africastalking.com): bulk SMS, delivery reports and incoming messages.
 * Send: http://docs.africastalking.com/sms/sending. Callbacks: http://docs.africastalking.com/sms/notifications
 * and /sms/callback (form-encoded POSTs, unsigned: our callback URL carries a secret token instead).
 */
import { z } from 'zod';
import type { Env } from '../../env';
import {
  ProviderError,
  type DeliveryStatus,
  type MessagingDriver,
  type ProviderEvent,
  type ProviderWebhook,
} from '../messaging-types';
import type { ProviderSettings } from './provider-settings';
import { checkE164, redact, requestProvider, retryableHttpStatus } from './provider-request';
import { constantTimeEqual, providerTime, toE164 } from './webhook-checks';

export type AfricasTalkingSettings = ProviderSettings<'AT_USERNAME' | 'AT_API_KEY' | 'AT_BASE_URL'> &
  Partial<Pick<Env, 'AT_SENDER_ID'>>;
export type AfricasTalkingWebhookSettings = ProviderSettings<'AT_WEBHOOK_TOKEN'>;

/**
 * Recipient statusCodes (the bulk SMS reference): 100 Processed, 101 Sent and 102 Queued took the message. Refusals
 * that will not change by waiting are final; those that clear by themselves (a top-up, a route or the gateway coming
 * back) are retried, so the message waits in our queue rather than being lost.
 */
const acceptedCodes = new Set([100, 101, 102]);
const retryableCodes = new Set([
  405, // InsufficientBalance: the account is topped up, then the queue drains
  407, // CouldNotRoute
  500, // InternalServerError
  501, // GatewayError
  502, // RejectedByGateway
]);
// 401 RiskHold, 402 InvalidSenderId, 403 InvalidPhoneNumber, 404 UnsupportedNumberType, 406 UserInBlacklist and
// 409 DoNotDisturbRejection need a person (support, a new number or the patient), not another try.

const sendReplySchema = z.object({
  SMSMessageData: z.object({
    Message: z.string().optional(),
    Recipients: z.array(
      z.object({
        statusCode: z.coerce.number(),
        status: z.string().optional(),
        messageId: z.string().optional(),
        number: z.string().optional(),
      }),
    ),
  }),
});

export function createAfricasTalkingDriver(
  settings: AfricasTalkingSettings,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): MessagingDriver {
  const url = `${settings.AT_BASE_URL.replace(/\/+$/, '')}/version1/messaging`;
  const secrets = [settings.AT_API_KEY];
  return {
    name: 'africastalking',
    channel: 'sms',
    receipts: true,
    async send(message) {
      const form = new URLSearchParams({
        username: settings.AT_USERNAME,
        to: checkE164("Africa's Talking", message.to),
        message: message.text,
      });
      // Without a sender ID Africa's Talking sends from its shared short code.
      if (settings.AT_SENDER_ID) form.set('from', settings.AT_SENDER_ID);
      const reply = await requestProvider(fetchImpl, {
        provider: "Africa's Talking",
        url,
        secrets,
        init: {
          method: 'POST',
          headers: {
            apiKey: settings.AT_API_KEY,
            Accept: 'application/json',
            'Content-Type': 'application/x-www-form-urlencoded',
          },
          body: form.toString(),
        },
      });
      // Errors of the request itself (bad key, bad username) come as plain text, not JSON.
      if (!reply.ok)
        throw new ProviderError(
          `Africa's Talking refused the request (${reply.status}): ${redact(reply.text, secrets) || 'no reason given'}`,
          retryableHttpStatus(reply.status),
          reply.status,
        );
      const parsed = sendReplySchema.safeParse(reply.json);
      if (!parsed.success)
        throw new ProviderError(
          `Africa's Talking answered ${reply.status} with an unreadable body: ${redact(reply.text, secrets)}`,
          false,
          reply.status,
        );
      const data = parsed.data.SMSMessageData;
      const recipient = data.Recipients[0];
      // No recipient: the whole request was refused, and Message says why ('InvalidSenderId').
      if (!recipient)
        throw new ProviderError(
          `Africa's Talking sent to nobody: ${redact(data.Message ?? 'no reason given', secrets)}`,
          false,
          reply.status,
        );
      const reason = `${recipient.statusCode} ${recipient.status ?? ''}`.trim();
      if (!acceptedCodes.has(recipient.statusCode))
        throw new ProviderError(
          `Africa's Talking refused the message: ${reason}`,
          retryableCodes.has(recipient.statusCode),
          reply.status,
        );
      if (!recipient.messageId)
        throw new ProviderError(
          `Africa's Talking took the message (${reason}) without a messageId`,
          false,
          reply.status,
        );
      return { providerId: recipient.messageId };
    },
  };
}

/** Delivery report states (the notifications reference); Sent, Submitted and Buffered are on the way. */
const reportStatuses: Record<string, DeliveryStatus> = {
  Sent: 'sent',
  Submitted: 'sent',
  Buffered: 'sent',
  Success: 'delivered',
  Rejected: 'failed',
  Failed: 'failed',
  AbsentSubscriber: 'failed',
  Expired: 'failed',
};

const field = (form: URLSearchParams, name: string) => form.get(name) ?? undefined;

/**
 * The bulk SMS opt-out notification (a person used the network's own opt-out, e.g. *STOP* menus): senderId and
 * phoneNumber, no id. Read as the person's STOP. Its repeats in one day are one event; an opt-out on another day,
 * after they agreed again, is a new one.
 */
function optOutOf(form: URLSearchParams, now: Date): ProviderEvent | null {
  const phoneNumber = field(form, 'phoneNumber');
  const senderId = field(form, 'senderId');
  if (!phoneNumber || !senderId || form.has('status') || form.has('text')) return null;
  const from = toE164(phoneNumber);
  return {
    kind: 'inbound',
    channel: 'sms',
    from,
    text: 'STOP',
    at: now.toISOString(),
    eventId: `opt-out:${from}:${senderId}:${now.toISOString().slice(0, 10)}`,
  };
}

export function africasTalkingWebhook(
  settings: AfricasTalkingWebhookSettings,
  now: () => Date = () => new Date(),
): ProviderWebhook {
  return {
    provider: 'africastalking',
    verify: (request) => constantTimeEqual(settings.AT_WEBHOOK_TOKEN, request.query.token),
    parse(request) {
      const form = new URLSearchParams(request.rawBody.toString('utf8'));
      const optedOut = optOutOf(form, now());
      if (optedOut) return [optedOut];
      const id = field(form, 'id');
      if (!id) throw new Error("Africa's Talking callback without an id");
      // Both kinds come to one URL: an incoming message has a sender and text, a delivery report a status.
      const text = field(form, 'text');
      const from = field(form, 'from');
      if (text !== undefined && from) {
        return [
          {
            kind: 'inbound',
            channel: 'sms',
            from: toE164(from),
            text,
            // The docs give no zone for `date`: one without a zone is taken as UTC.
            at: providerTime(field(form, 'date'), 'Z', now()),
            eventId: id,
          },
        ];
      }
      const reported = field(form, 'status');
      if (!reported) throw new Error("Africa's Talking callback is neither a delivery report nor a message");
      const status = reportStatuses[reported];
      // A state added later is no reason to refuse the callback (it would be sent again and again).
      if (!status) return [];
      const reason = field(form, 'failureReason');
      return [
        {
          kind: 'status',
          providerId: id,
          status,
          // Delivery reports carry no time: the report is as fresh as its arrival.
          at: now().toISOString(),
          eventId: `${id}:${reported}`,
          ...(status === 'failed' ? { error: reason ? `${reported}: ${reason}` : reported } : {}),
        },
      ];
    },
  };
}
