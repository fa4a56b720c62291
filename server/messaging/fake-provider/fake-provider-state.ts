/**
 * What the fake holds and does, without HTTP: the newest messages it accepted, what it posted to the app, the
 * simulated outage, and the receipts (by hand or automatic) and replies it posts. Everything is bounded.
 */
import { fakeAfricasTalking } from './fake-africastalking';
import { createAppClient } from './fake-app-client';
import type { FakeProviderConfig } from './fake-provider-config';
import type {
  CallbackOutcome,
  FakeMessage,
  FakeProviderApi,
  FakeProviderName,
  FakeReceiptStatus,
  FakeSendAnswer,
} from './fake-provider-types';
import { fakeTermii } from './fake-termii';
import { fakeWhatsApp, whatsAppMediaInbound } from './fake-whatsapp';
import { createFakeWhatsAppMedia, type FakeMediaKind } from './fake-whatsapp-media';

export const FAKE_APIS: Record<FakeProviderName, FakeProviderApi> = {
  termii: fakeTermii,
  africastalking: fakeAfricasTalking,
  whatsapp: fakeWhatsApp,
};

const MAX_ACTIVITY = 200;
const MAX_CALLBACKS_PER_MESSAGE = 20;

/** Keeps the newest `limit` entries of a list that only grows at its end. */
function pushBounded<T>(list: T[], item: T, limit: number): T | undefined {
  list.push(item);
  return list.length > limit ? list.shift() : undefined;
}

export const describeOutcome = (outcome: CallbackOutcome) =>
  `${outcome.what} for ${outcome.to}: ${typeof outcome.result === 'number' ? `the app answered ${outcome.result}` : outcome.result}`;

export type FakeProviderState = ReturnType<typeof createFakeProviderState>;

export function createFakeProviderState(config: FakeProviderConfig) {
  const { credentials, now, log } = config;
  const app = createAppClient(config.appUrl, config.callbackTimeoutMs, now);
  const messages: FakeMessage[] = [];
  const byId = new Map<string, FakeMessage>();
  const activity: CallbackOutcome[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const media = createFakeWhatsAppMedia(config.maxMessages);
  const inFlight = new Set<Promise<unknown>>();
  let outage = false;
  /**
   * How far the WhatsApp patient's clock is behind (issue #30): messages they send are dated that much earlier, the
   * way Meta dates a message when it was written. The app reads its 24-hour window from those dates, so moving this
   * clock a day back lets a tester close the window without waiting.
   */
  let whatsAppClockBehindMs = 0;
  const whatsAppNow = () => new Date(now().getTime() - whatsAppClockBehindMs);

  /** Keeps a call to the app in sight, so that close() waits for it rather than cutting it off. */
  const track = <T>(promise: Promise<T>) => {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise)).catch(() => undefined);
    return promise;
  };

  const record = (outcome: CallbackOutcome) => {
    pushBounded(activity, outcome, MAX_ACTIVITY);
    log(describeOutcome(outcome));
    return outcome;
  };

  async function deliver(id: string, status: FakeReceiptStatus): Promise<CallbackOutcome> {
    const message = byId.get(id);
    if (!message) throw new Error(`No message ${id} (the fake keeps the newest ${config.maxMessages})`);
    const api = FAKE_APIS[message.provider];
    if (!api.receiptStatuses.includes(status)) throw new Error(`${api.name} reports no '${status}' status`);
    message.status = status;
    const callback = api.receipt(message, status, credentials, now());
    const outcome = record(await app.post(callback, `${status} receipt`, message.to));
    pushBounded(message.callbacks, outcome, MAX_CALLBACKS_PER_MESSAGE);
    return outcome;
  }

  async function reply(from: string, text: string, provider: FakeProviderName): Promise<CallbackOutcome> {
    const callback = FAKE_APIS[provider].inbound(
      from,
      text,
      credentials,
      provider === 'whatsapp' ? whatsAppNow() : now(),
    );
    return record(await app.post(callback, `reply '${text}' by ${provider}`, from));
  }

  async function sendMedia(from: string, kind: FakeMediaKind, caption?: string): Promise<CallbackOutcome> {
    const callback = whatsAppMediaInbound(from, media.add(kind, caption), credentials, now());
    const what = kind === 'photo' ? `photo${caption ? ` '${caption}'` : ''}` : 'voice note';
    return record(await app.post(callback, `${what} by whatsapp`, from));
  }

  const automaticStatus = (to: string): FakeReceiptStatus =>
    (config.failSuffix && to.endsWith(config.failSuffix)) || config.random() < config.failRate ? 'failed' : 'delivered';

  function scheduleReceipt(message: FakeMessage, delayMs: number) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      // The message may have been pushed out of the store meanwhile: then there is nothing left to report on.
      if (byId.has(message.id)) void track(deliver(message.id, automaticStatus(message.to))).catch(() => undefined);
    }, delayMs);
    timers.add(timer);
  }

  function accept(accepted: FakeSendAnswer['accepted']) {
    for (const fields of accepted) {
      const message: FakeMessage = { ...fields, receivedAt: now().toISOString(), status: 'accepted', callbacks: [] };
      byId.set(message.id, message);
      const evicted = pushBounded(messages, message, config.maxMessages);
      if (evicted) byId.delete(evicted.id);
      log(`${message.provider} accepted ${message.id} to ${message.to}: ${message.text}`);
      if (config.autoDeliverMs !== null) scheduleReceipt(message, config.autoDeliverMs);
    }
  }

  return {
    config,
    messages: (): readonly FakeMessage[] => messages,
    activity: (): readonly CallbackOutcome[] => activity,
    find: (id: string) => byId.get(id),
    isOutage: () => outage,
    setOutage: (on: boolean) => {
      outage = on;
    },
    /** Sets how many hours the WhatsApp patient's clock is behind (0 puts it right). */
    setWhatsAppClockBehind: (hours: number) => {
      whatsAppClockBehindMs = Math.max(0, Math.min(hours, 24 * 30)) * 3600_000;
    },
    whatsAppClockBehindHours: () => whatsAppClockBehindMs / 3600_000,
    accept,
    deliver: (id: string, status: FakeReceiptStatus) => track(deliver(id, status)),
    reply: (from: string, text: string, provider: FakeProviderName) => track(reply(from, text, provider)),
    /** The WhatsApp user sends a photo (with an optional caption) or a voice note; the app fetches it from `media`. */
    sendMedia: (from: string, kind: FakeMediaKind, caption?: string) => track(sendMedia(from, kind, caption)),
    media,
    verifyWhatsAppWebhook: async () =>
      record(await track(app.verifyWhatsAppWebhook(credentials.WHATSAPP_VERIFY_TOKEN))),
    /** Cancels the pending automatic receipts and waits for the calls to the app under way. */
    async settle() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...inFlight]);
    },
  };
}
