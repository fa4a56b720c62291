/**
 * Meta's WhatsApp Cloud API: text and template messages, and the webhook of statuses and incoming messages.
 * Send: https://developers.facebook.com/docs/whatsapp/cloud-api/reference/messages. Webhooks:
 * https://developers.facebook.com/docs/whatsapp/cloud-api/webhooks/payload-examples (signed with X-Hub-Signature-256;
 * https://developers.facebook.com/docs/graph-api/webhooks/getting-started for the verification GET).
 * Error codes: https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes.
 */
import { z } from 'zod';
import {
  INBOUND_MEDIA_KINDS,
  ProviderError,
  type DeliveryStatus,
  type InboundMedia,
  type DriverMessage,
  type MessagingDriver,
  type ProviderEvent,
  type ProviderWebhook,
} from '../messaging-types';
import type { ProviderSettings } from './provider-settings';
import { checkE164, redact, requestProvider, retryableHttpStatus } from './provider-request';
import { constantTimeEqual, headerValue, hmacMatches, toE164 } from './webhook-checks';

export type WhatsAppSettings = ProviderSettings<
  'WHATSAPP_ACCESS_TOKEN' | 'WHATSAPP_PHONE_NUMBER_ID' | 'WHATSAPP_GRAPH_URL'
>;
export type WhatsAppWebhookSettings = ProviderSettings<'WHATSAPP_APP_SECRET' | 'WHATSAPP_VERIFY_TOKEN'>;

/** Graph error codes that will fail again whatever the wait: the message needs a template, a new number or a person. */
const finalErrorCodes = new Set([
  131047, // re-engagement: more than 24 hours since the patient last wrote, only a template may go
  131026, // undeliverable (no WhatsApp on the number, old app, terms not accepted)
  131051, // unsupported message type
  131009, // a parameter value is not valid
  131008, // a required parameter is missing
  132000, // template parameter count mismatch
  132001, // template does not exist in that language
  132015, // template paused
  132016, // template disabled
  190, // access token expired or revoked
  10, // permission denied
  100, // invalid parameter
]);
/** Throttling and Meta's own trouble: the same message may go later. */
const transientErrorCodes = new Set([
  1, // unknown API error
  2, // temporary API issue
  4, // application request limit
  80007, // business account rate limit
  130429, // throughput limit
  131000, // something went wrong
  131016, // service unavailable
  131048, // spam rate limit
  131056, // too many messages to one number
]);

const graphErrorSchema = z.object({
  error: z.object({
    message: z.string().optional(),
    type: z.string().optional(),
    code: z.number().optional(),
    error_subcode: z.number().optional(),
    fbtrace_id: z.string().optional(),
  }),
});

const sendReplySchema = z.object({ messages: z.array(z.object({ id: z.string() })).min(1) });

function messageBody(message: DriverMessage, to: string) {
  const envelope = { messaging_product: 'whatsapp', recipient_type: 'individual', to };
  const template = message.whatsappTemplate;
  if (!template) return { ...envelope, type: 'text', text: { body: message.text, preview_url: false } };
  return {
    ...envelope,
    type: 'template',
    template: {
      name: template.name,
      language: { code: template.language },
      // A template without variables takes no components at all.
      ...(template.parameters.length
        ? {
            components: [{ type: 'body', parameters: template.parameters.map((text) => ({ type: 'text', text })) }],
          }
        : {}),
    },
  };
}

function graphError(status: number, json: unknown, text: string, secrets: readonly string[]): ProviderError {
  const parsed = graphErrorSchema.safeParse(json);
  if (!parsed.success)
    return new ProviderError(
      `WhatsApp refused the message (${status}): ${redact(text, secrets) || 'no reason given'}`,
      retryableHttpStatus(status),
      status,
    );
  const { message, code, error_subcode: subcode, fbtrace_id: trace } = parsed.data.error;
  const retryable =
    code !== undefined && finalErrorCodes.has(code)
      ? false
      : (code !== undefined && transientErrorCodes.has(code)) || retryableHttpStatus(status);
  const detail = [
    code === undefined ? '' : `code ${code}`,
    subcode ? `subcode ${subcode}` : '',
    trace ? `fbtrace ${trace}` : '',
  ]
    .filter(Boolean)
    .join(', ');
  return new ProviderError(
    `WhatsApp refused the message (${status}): ${redact(message ?? 'no reason given', secrets)}${detail ? ` [${detail}]` : ''}`,
    retryable,
    status,
  );
}

export function createWhatsAppDriver(
  settings: WhatsAppSettings,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): MessagingDriver {
  const base = settings.WHATSAPP_GRAPH_URL.replace(/\/+$/, '');
  const url = `${base}/${settings.WHATSAPP_PHONE_NUMBER_ID}/messages`;
  const secrets = [settings.WHATSAPP_ACCESS_TOKEN];
  return {
    name: 'whatsapp',
    channel: 'whatsapp',
    receipts: true,
    async send(message) {
      const to = checkE164('WhatsApp', message.to);
      const reply = await requestProvider(fetchImpl, {
        provider: 'WhatsApp',
        url,
        secrets,
        init: {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${settings.WHATSAPP_ACCESS_TOKEN}`,
            'Content-Type': 'application/json',
            Accept: 'application/json',
          },
          body: JSON.stringify(messageBody(message, to)),
        },
      });
      if (!reply.ok) throw graphError(reply.status, reply.json, reply.text, secrets);
      const parsed = sendReplySchema.safeParse(reply.json);
      // Meta may have taken it: sending again could reach the patient twice, so this is not retried.
      if (!parsed.success)
        throw new ProviderError(
          `WhatsApp answered ${reply.status} without a message id: ${redact(reply.text, secrets)}`,
          false,
          reply.status,
        );
      return { providerId: parsed.data.messages[0]!.id };
    },
  };
}

const statusSchema = z.object({
  id: z.string(),
  status: z.string(),
  timestamp: z.coerce.number(),
  errors: z
    .array(z.object({ code: z.number().optional(), title: z.string().optional(), message: z.string().optional() }))
    .optional(),
});
/** The media object of an image, document, audio, video or sticker message (webhooks/components#messages-object). */
const mediaSchema = z.object({
  id: z.string().min(1),
  mime_type: z.string().min(1),
  sha256: z.string().optional(),
  caption: z.string().optional(),
  filename: z.string().optional(),
  voice: z.boolean().optional(),
});
const messageSchema = z.object({
  from: z.string(),
  id: z.string(),
  timestamp: z.coerce.number(),
  type: z.string(),
  text: z.object({ body: z.string() }).optional(),
  button: z.object({ text: z.string() }).optional(),
  interactive: z
    .object({
      button_reply: z.object({ title: z.string() }).optional(),
      list_reply: z.object({ title: z.string() }).optional(),
    })
    .optional(),
  image: mediaSchema.optional(),
  document: mediaSchema.optional(),
  audio: mediaSchema.optional(),
  video: mediaSchema.optional(),
  sticker: mediaSchema.optional(),
});
const notificationSchema = z.object({
  object: z.string(),
  entry: z.array(
    z.object({
      changes: z.array(
        z.object({
          field: z.string(),
          value: z.object({
            statuses: z.array(statusSchema).optional(),
            messages: z.array(messageSchema).optional(),
          }),
        }),
      ),
    }),
  ),
});

const deliveryStatuses: Record<string, DeliveryStatus> = {
  sent: 'sent',
  delivered: 'delivered',
  read: 'read',
  failed: 'failed',
};

const epochSecondsToIso = (seconds: number) => new Date(seconds * 1000).toISOString();

/** The file of a media message, or undefined for other types (and a media type whose object is missing). */
function inboundMedia(message: z.infer<typeof messageSchema>): InboundMedia | undefined {
  const kind = INBOUND_MEDIA_KINDS.find((candidate) => candidate === message.type);
  const object = kind && message[kind];
  if (!kind || !object) return undefined;
  return {
    id: object.id,
    kind,
    mimeType: object.mime_type,
    ...(object.sha256 ? { sha256: object.sha256 } : {}),
    ...(object.caption ? { caption: object.caption } : {}),
    ...(object.filename ? { filename: object.filename } : {}),
    ...(kind === 'audio' ? { voice: object.voice === true } : {}),
  };
}

/**
 * What the patient said, as text. A quick-reply button of a template ('STOP') and an interactive reply carry their
 * label, so a tap reads like the same word typed. A photo, video or document carries its caption. Locations,
 * reactions and the rest carry no words we act on: they still arrive, with empty text, so staff can see the patient
 * wrote.
 */
function inboundText(message: z.infer<typeof messageSchema>): string {
  if (message.type === 'text') return message.text?.body ?? '';
  const media = inboundMedia(message);
  if (media) return media.caption ?? '';
  if (message.type === 'button') return message.button?.text ?? '';
  if (message.type === 'interactive')
    return message.interactive?.button_reply?.title ?? message.interactive?.list_reply?.title ?? '';
  return '';
}

function statusEvent(status: z.infer<typeof statusSchema>): ProviderEvent | null {
  const mapped = deliveryStatuses[status.status];
  // 'deleted', 'warning' and states Meta adds later say nothing the outbox keeps.
  if (!mapped) return null;
  const firstError = status.errors?.[0];
  const error = firstError
    ? [firstError.code, firstError.title ?? firstError.message].filter((part) => part !== undefined).join(' ')
    : undefined;
  return {
    kind: 'status',
    providerId: status.id,
    status: mapped,
    at: epochSecondsToIso(status.timestamp),
    eventId: `${status.id}:${status.status}`,
    ...(mapped === 'failed' ? { error: error || 'failed' } : {}),
  };
}

export function whatsAppWebhook(settings: WhatsAppWebhookSettings): ProviderWebhook {
  return {
    provider: 'whatsapp',
    verify(request) {
      const header = headerValue(request, 'x-hub-signature-256');
      if (!header?.startsWith('sha256=')) return false;
      return hmacMatches('sha256', settings.WHATSAPP_APP_SECRET, request.rawBody, header.slice('sha256='.length));
    },
    challenge(request) {
      const { 'hub.mode': mode, 'hub.verify_token': token, 'hub.challenge': challenge } = request.query;
      if (mode !== 'subscribe' || !challenge) return null;
      return constantTimeEqual(settings.WHATSAPP_VERIFY_TOKEN, token) ? challenge : null;
    },
    parse(request) {
      const notification = notificationSchema.parse(JSON.parse(request.rawBody.toString('utf8')));
      const events: ProviderEvent[] = [];
      for (const entry of notification.entry)
        for (const change of entry.changes) {
          // Template reviews, quality ratings and account updates come on other fields of the same webhook.
          if (change.field !== 'messages') continue;
          for (const status of change.value.statuses ?? []) {
            const event = statusEvent(status);
            if (event) events.push(event);
          }
          for (const message of change.value.messages ?? []) {
            const media = inboundMedia(message);
            events.push({
              kind: 'inbound',
              channel: 'whatsapp',
              from: toE164(message.from),
              text: inboundText(message),
              at: epochSecondsToIso(message.timestamp),
              eventId: message.id,
              ...(media ? { media } : {}),
            });
          }
        }
      return events;
    },
  };
}
