/**
 * The contract between the messaging layer (queue, worker, webhooks route) and each provider (issue #27): a driver
 * sends one text to one number; a webhook checks a provider's callback and reads it as events. Nothing here knows
 * a provider; server/messaging/providers/ holds one module per provider.
 */
import type { ChatAttachmentKind as InboundMediaKind } from '../../shared/chat-attachments';

/** The ways a patient can be told something. E-mail goes through the mail queue; the others through a driver. */
export type MessageChannel = 'sms' | 'whatsapp' | 'email';
export type PhoneChannel = Exclude<MessageChannel, 'email'>;

/** The drivers MESSAGING_DRIVER can name. `sink` stores what would be sent and sends nothing. */
export const PROVIDER_NAMES = ['sink', 'termii', 'africastalking', 'whatsapp'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

/** One message to one number, ready to go. */
export type DriverMessage = {
  /** The recipient in E.164 ('+2348031234567'); each driver writes it in its provider's format. */
  to: string;
  text: string;
  /** Our template's name ('request_confirmed'), for the provider's own logs where it has a field for it. */
  template: string;
  /**
   * WhatsApp outside the 24-hour window only takes an approved template: its name, language and body parameters.
   * Set for WhatsApp sends; SMS drivers ignore it.
   */
  whatsappTemplate?: { name: string; language: string; parameters: string[] };
};

/** What the provider answered: its id for the message, which its delivery receipts quote. */
export type DriverResult = { providerId: string };

/**
 * A refusal or a failure to reach the provider. `retryable` says whether the same message may be tried again later
 * (network error, 429, 5xx) or never will go (bad number, refused sender, 4xx).
 */
export class ProviderError extends Error {
  override name = 'ProviderError';
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status?: number,
  ) {
    super(message);
  }
}

export type MessagingDriver = {
  name: ProviderName;
  /** The channel this driver carries. */
  channel: PhoneChannel;
  /** Whether the provider posts delivery receipts (the WhatsApp → SMS fallback waits for one only then). */
  receipts: boolean;
  send: (message: DriverMessage) => Promise<DriverResult>;
};

/** A delivery state as the outbox keeps it. */
export type DeliveryStatus = 'sent' | 'delivered' | 'read' | 'failed';

/** What a provider's callback says, in our words. */
export type ProviderEvent =
  | {
      kind: 'status';
      /** The provider's id for the message (DriverResult.providerId). */
      providerId: string;
      status: DeliveryStatus;
      /** When the provider says it happened (ISO-8601 UTC). */
      at: string;
      /** The provider's reason, for failed. */
      error?: string;
      /** Unique per event: repeats of one callback carry the same id and are ignored. */
      eventId: string;
    }
  | {
      kind: 'inbound';
      channel: PhoneChannel;
      /** The sender in E.164. */
      from: string;
      /** What the patient wrote; for a media message, its caption ('' without one). */
      text: string;
      at: string;
      eventId: string;
      /** A photo, document, voice note, video or sticker (WhatsApp): fetched and stored by whatsapp-media.ts. */
      media?: InboundMedia;
    };

/** The webhook's media kinds are the kinds the desk keeps: one list (shared/chat-attachments.ts). */
export { CHAT_ATTACHMENT_KINDS as INBOUND_MEDIA_KINDS } from '../../shared/chat-attachments';
export type { ChatAttachmentKind as InboundMediaKind } from '../../shared/chat-attachments';

/** A file a patient sent, as the webhook names it: the bytes are fetched later by `id` (Graph media endpoint). */
export type InboundMedia = {
  /** The provider's media id: GET {graph}/{id} gives a short-lived download URL. */
  id: string;
  kind: InboundMediaKind;
  /** As the provider claims it ('audio/ogg; codecs=opus'); checked against the bytes when fetched. */
  mimeType: string;
  /** The SHA-256 of the file as the provider gives it (hex or base64), checked when fetched. */
  sha256?: string;
  caption?: string;
  /** A document's file name as the patient's phone gave it. */
  filename?: string;
  /** An audio message recorded in WhatsApp (a voice note) rather than an audio file sent. */
  voice?: boolean;
};

/** An incoming HTTP callback as the webhook route hands it over: the raw body, for signatures. */
export type WebhookRequest = {
  method: string;
  rawBody: Buffer;
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, string | undefined>;
};

export type ProviderWebhook = {
  provider: Exclude<ProviderName, 'sink'>;
  /** Checks the provider's signature or shared token. False: the route answers 401 and changes nothing. */
  verify: (request: WebhookRequest) => boolean;
  /** Reads a verified callback as events; a body it cannot read gives a thrown Error (answered 400). */
  parse: (request: WebhookRequest) => ProviderEvent[];
  /** For providers that verify the endpoint with a GET (Meta): the body to answer, or null for 403. */
  challenge?: (request: WebhookRequest) => string | null;
};
