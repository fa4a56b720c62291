/**
 * `startFakeProvider` (issue #27): one local HTTP server that answers the app the way Termii, Africa's Talking and
 * the WhatsApp Cloud API do, shows what it received on a page, and posts delivery receipts and inbound replies
 * (STOP) back to the app's webhooks, signed like the real providers. `npm run messages:fake` runs it for a person;
 * tests start it on port 0 and drive it through the returned handle. It keeps everything in memory, bounded.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolveFakeProviderConfig, type FakeProviderOptions } from './fake-provider-config';
import { createFakeRequestHandler } from './fake-provider-http';
import type { FakeCredentials } from './fake-provider-settings';
import { createFakeProviderState } from './fake-provider-state';
import type { CallbackOutcome, FakeMessage, FakeProviderName, FakeReceiptStatus } from './fake-provider-types';
import type { FakeMediaKind } from './fake-whatsapp-media';

export type FakeProvider = {
  url: string;
  credentials: FakeCredentials;
  /** What the fake accepted, oldest first (copies). */
  messages: () => FakeMessage[];
  /** Everything posted to the app, oldest first (copies). */
  activity: () => CallbackOutcome[];
  /** Posts the provider's receipt for message `id` to the app and says what the app answered. */
  deliver: (id: string, status: FakeReceiptStatus) => Promise<CallbackOutcome>;
  /** Posts a text from `from` (E.164) to the app, as `provider` would forward it. */
  reply: (from: string, text: string, provider: FakeProviderName) => Promise<CallbackOutcome>;
  /**
   * The WhatsApp user sends a photo (16 × 16 PNG, with an optional caption) or a voice note (one second of Ogg Opus):
   * the app gets the webhook and fetches the file from this fake's Graph media endpoints (issue #30).
   */
  sendMedia: (from: string, kind: FakeMediaKind, caption?: string) => Promise<CallbackOutcome>;
  /** Makes Meta's verification GET to the app's WhatsApp webhook; the result says whether the challenge came back. */
  verifyWhatsAppWebhook: () => Promise<CallbackOutcome>;
  /** While on, every send is answered with the provider's 503, as in an outage. */
  setOutage: (on: boolean) => void;
  /**
   * Moves the WhatsApp patient's clock `hours` back (issue #30): their next messages are dated that much earlier, so
   * 25 closes the app's 24-hour window. 0 puts the clock right.
   */
  setWhatsAppClockBehind: (hours: number) => void;
  close: () => Promise<void>;
};

export async function startFakeProvider(options: FakeProviderOptions = {}): Promise<FakeProvider> {
  const config = resolveFakeProviderConfig(options);
  const state = createFakeProviderState(config);
  const server = createServer(createFakeRequestHandler(state));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;

  return {
    url: `http://${shownHost}:${port}`,
    credentials: config.credentials,
    messages: () => state.messages().map((message) => ({ ...message, callbacks: [...message.callbacks] })),
    activity: () => [...state.activity()],
    deliver: state.deliver,
    reply: state.reply,
    sendMedia: state.sendMedia,
    verifyWhatsAppWebhook: state.verifyWhatsAppWebhook,
    setOutage: state.setOutage,
    setWhatsAppClockBehind: state.setWhatsAppClockBehind,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await state.settle();
    },
  };
}
