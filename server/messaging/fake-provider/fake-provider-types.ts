import type { FakeCredentials } from './fake-provider-settings';

export const FAKE_PROVIDERS = ['termii', 'africastalking', 'whatsapp'] as const;
export type FakeProviderName = (typeof FAKE_PROVIDERS)[number];

/** What a tester can make a provider report about a message. Only WhatsApp reports 'read'. */
export type FakeReceiptStatus = 'delivered' | 'failed' | 'read';

/** One result of posting to the app: its HTTP status, or why nothing came back. */
export type CallbackOutcome = { at: string; what: string; to: string; result: number | string };

/** One message the fake accepted from the app. */
export type FakeMessage = {
  /** The provider's id for it, as the send answer gave it and its receipts quote it. */
  id: string;
  provider: FakeProviderName;
  /** The recipient in E.164, whatever the provider's own format. */
  to: string;
  /** The sender ID (SMS) or the phone-number ID (WhatsApp) the app sent from. */
  from: string;
  text: string;
  /** Termii's channel (dnd, generic), AT's 'sms', or the WhatsApp message type (text, template). */
  route: string;
  receivedAt: string;
  status: 'accepted' | FakeReceiptStatus;
  /** Each receipt posted for this message and what the app answered. */
  callbacks: CallbackOutcome[];
};

/** A send request as the fake's HTTP server reads it. */
export type FakeSendRequest = {
  pathname: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
};

/** The answer to a send request, and the messages it accepted (none when refused). */
export type FakeSendAnswer = {
  status: number;
  contentType: 'application/json' | 'text/plain';
  body: string;
  accepted: Omit<FakeMessage, 'receivedAt' | 'status' | 'callbacks'>[];
};

/** A post to the app's webhook: path with query, headers beyond the content type, and the exact body bytes. */
export type AppCallback = { path: string; contentType: string; headers: Record<string, string>; body: string };

/** One provider's API as the fake speaks it. */
export type FakeProviderApi = {
  name: FakeProviderName;
  /** Whether this provider's send endpoint is at `pathname` (POST only). */
  handles: (pathname: string) => boolean;
  send: (request: FakeSendRequest, credentials: FakeCredentials) => FakeSendAnswer;
  /** The answer while a tester simulates an outage, as the provider words a 5xx. */
  outage: () => FakeSendAnswer;
  receiptStatuses: readonly FakeReceiptStatus[];
  receipt: (message: FakeMessage, status: FakeReceiptStatus, credentials: FakeCredentials, now: Date) => AppCallback;
  /** A text from `from` (E.164) to the app, e.g. STOP. */
  inbound: (from: string, text: string, credentials: FakeCredentials, now: Date) => AppCallback;
};
