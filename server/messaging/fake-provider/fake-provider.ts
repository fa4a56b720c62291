/**
 * `startFakeProvider` (issue #27): one local HTTP server that answers the app the way Termii, Africa's Talking and
 * the WhatsApp Cloud API do, shows what it received on a page, and posts delivery receipts and inbound replies
 * (STOP) back to the app's webhooks, signed like the real providers. `npm run messages:fake` runs it for a person;
 * tests start it on port 0 and drive it through the returned handle. It keeps everything in memory, bounded.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fakeAfricasTalking } from './fake-africastalking';
import { renderFakePage } from './fake-provider-page';
import {
  FAKE_CREDENTIAL_DEFAULTS,
  FAKE_PROVIDER_DEFAULT_APP_URL,
  FAKE_PROVIDER_DEFAULT_PORT,
  type FakeCredentials,
} from './fake-provider-settings';
import {
  FAKE_PROVIDERS,
  type AppCallback,
  type CallbackOutcome,
  type FakeMessage,
  type FakeProviderApi,
  type FakeProviderName,
  type FakeReceiptStatus,
  type FakeSendAnswer,
} from './fake-provider-types';
import { fakeTermii } from './fake-termii';
import { fakeWhatsApp } from './fake-whatsapp';

export type FakeProviderOptions = {
  /** Default 4010; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1: the fake has no authentication of its own, so it stays on this machine unless asked. */
  host?: string;
  /** Where the app listens; receipts go to its /webhooks/… paths. Default http://127.0.0.1:3000. */
  appUrl?: string;
  /** Anything not given takes its local default (FAKE_CREDENTIAL_DEFAULTS). */
  credentials?: Partial<FakeCredentials>;
  /** Each accepted message gets a receipt after this long; null leaves it to the page or the handle. Default 1000. */
  autoDeliverMs?: number | null;
  /** Automatic receipts for numbers ending in these digits say 'failed'. Default '0000'; '' for none. */
  failSuffix?: string;
  /** The share (0 to 1) of the other automatic receipts that say 'failed'. Default 0. */
  failRate?: number;
  random?: () => number;
  now?: () => Date;
  /** Newest messages kept. Default 1,000. */
  maxMessages?: number;
  /** Largest request body read, in bytes; a larger one gets a 413. Default 64 KiB. */
  bodyLimit?: number;
  /** How long a post to the app may take before it counts as unanswered. Default 5 s. */
  callbackTimeoutMs?: number;
  /** One line per thing that happens, for a person watching; tests leave it out. */
  log?: (line: string) => void;
};

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
  /** Makes Meta's verification GET to the app's WhatsApp webhook; the result says whether the challenge came back. */
  verifyWhatsAppWebhook: () => Promise<CallbackOutcome>;
  /** While on, every send is answered with the provider's 503, as in an outage. */
  setOutage: (on: boolean) => void;
  close: () => Promise<void>;
};

const APIS: Record<FakeProviderName, FakeProviderApi> = {
  termii: fakeTermii,
  africastalking: fakeAfricasTalking,
  whatsapp: fakeWhatsApp,
};
const MAX_ACTIVITY = 200;
const MAX_CALLBACKS_PER_MESSAGE = 20;
const MAX_REPLY_LENGTH = 1600;

class BodyTooLarge extends Error {}

async function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  if (Number(request.headers['content-length'] ?? 0) > limit) throw new BodyTooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new BodyTooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function answer(response: ServerResponse, status: number, contentType: string, body: string) {
  response.writeHead(status, { 'content-type': `${contentType}; charset=utf-8`, 'cache-control': 'no-store' });
  response.end(body);
}

const redirectWithNotice = (response: ServerResponse, notice: string) => {
  response.writeHead(303, { location: `/?notice=${encodeURIComponent(notice)}` });
  response.end();
};

const describe = (outcome: CallbackOutcome) =>
  `${outcome.what} for ${outcome.to}: ${typeof outcome.result === 'number' ? `the app answered ${outcome.result}` : outcome.result}`;

export async function startFakeProvider(options: FakeProviderOptions = {}): Promise<FakeProvider> {
  const credentials: FakeCredentials = { ...FAKE_CREDENTIAL_DEFAULTS };
  for (const [name, value] of Object.entries(options.credentials ?? {}))
    if (value) credentials[name as keyof FakeCredentials] = value;
  const appUrl = (options.appUrl ?? FAKE_PROVIDER_DEFAULT_APP_URL).replace(/\/+$/, '');
  const autoDeliverMs = options.autoDeliverMs === undefined ? 1000 : options.autoDeliverMs;
  const failSuffix = options.failSuffix ?? '0000';
  const failRate = options.failRate ?? 0;
  const random = options.random ?? Math.random;
  const now = options.now ?? (() => new Date());
  const maxMessages = options.maxMessages ?? 1000;
  const bodyLimit = options.bodyLimit ?? 64 * 1024;
  const callbackTimeoutMs = options.callbackTimeoutMs ?? 5000;
  const log = options.log ?? (() => undefined);

  const messages: FakeMessage[] = [];
  const byId = new Map<string, FakeMessage>();
  const activity: CallbackOutcome[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<unknown>>();
  let outage = false;

  const track = <T>(promise: Promise<T>) => {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise)).catch(() => undefined);
    return promise;
  };

  async function post(callback: AppCallback, what: string, to: string): Promise<CallbackOutcome> {
    let result: number | string;
    try {
      const response = await fetch(appUrl + callback.path, {
        method: 'POST',
        headers: { 'content-type': callback.contentType, ...callback.headers },
        body: callback.body,
        signal: AbortSignal.timeout(callbackTimeoutMs),
      });
      await response.arrayBuffer();
      result = response.status;
    } catch (error) {
      result = `the app did not answer (${error instanceof Error ? error.message : String(error)})`;
    }
    const outcome: CallbackOutcome = { at: now().toISOString(), what, to, result };
    activity.push(outcome);
    if (activity.length > MAX_ACTIVITY) activity.shift();
    log(describe(outcome));
    return outcome;
  }

  async function deliver(id: string, status: FakeReceiptStatus): Promise<CallbackOutcome> {
    const message = byId.get(id);
    if (!message) throw new Error(`No message ${id} (the fake keeps the newest ${maxMessages})`);
    const api = APIS[message.provider];
    if (!api.receiptStatuses.includes(status)) throw new Error(`${api.name} reports no '${status}' status`);
    message.status = status;
    const outcome = await post(api.receipt(message, status, credentials, now()), `${status} receipt`, message.to);
    message.callbacks.push(outcome);
    if (message.callbacks.length > MAX_CALLBACKS_PER_MESSAGE) message.callbacks.shift();
    return outcome;
  }

  function reply(from: string, text: string, provider: FakeProviderName): Promise<CallbackOutcome> {
    return post(APIS[provider].inbound(from, text, credentials, now()), `reply '${text}' by ${provider}`, from);
  }

  /** Meta's GET: hub.mode=subscribe, the verify token and a challenge the app must echo (Graph API webhooks guide). */
  async function verifyWhatsAppWebhook(): Promise<CallbackOutcome> {
    const challenge = String(Math.floor(random() * 1e9));
    const query = new URLSearchParams({
      'hub.mode': 'subscribe',
      'hub.verify_token': credentials.WHATSAPP_VERIFY_TOKEN,
      'hub.challenge': challenge,
    });
    let result: string;
    try {
      const response = await fetch(`${appUrl}/webhooks/whatsapp?${query}`, {
        signal: AbortSignal.timeout(callbackTimeoutMs),
      });
      const body = await response.text();
      result =
        response.ok && body === challenge
          ? 'verified: the app echoed the challenge'
          : `not verified: the app answered ${response.status}`;
    } catch (error) {
      result = `the app did not answer (${error instanceof Error ? error.message : String(error)})`;
    }
    const outcome: CallbackOutcome = {
      at: now().toISOString(),
      what: 'WhatsApp webhook verification',
      to: appUrl,
      result,
    };
    activity.push(outcome);
    if (activity.length > MAX_ACTIVITY) activity.shift();
    log(`${outcome.what}: ${result}`);
    return outcome;
  }

  const automaticStatus = (to: string): FakeReceiptStatus =>
    (failSuffix && to.endsWith(failSuffix)) || random() < failRate ? 'failed' : 'delivered';

  function store(accepted: FakeSendAnswer['accepted']) {
    for (const fields of accepted) {
      const message: FakeMessage = { ...fields, receivedAt: now().toISOString(), status: 'accepted', callbacks: [] };
      messages.push(message);
      byId.set(message.id, message);
      if (messages.length > maxMessages) byId.delete(messages.shift()!.id);
      log(`${message.provider} accepted ${message.id} to ${message.to}: ${message.text}`);
      if (autoDeliverMs === null) continue;
      const timer = setTimeout(() => {
        timers.delete(timer);
        // The message may have been pushed out of the store meanwhile: then there is nothing left to report on.
        if (byId.has(message.id)) void track(deliver(message.id, automaticStatus(message.to))).catch(() => undefined);
      }, autoDeliverMs);
      timers.add(timer);
    }
  }

  function handleSend(api: FakeProviderApi, request: IncomingMessage, pathname: string, body: Buffer) {
    const result = outage ? api.outage() : api.send({ pathname, headers: request.headers, body }, credentials);
    if (result.status >= 400) log(`${api.name} refused a send with ${result.status}: ${result.body}`);
    store(result.accepted);
    return result;
  }

  async function handleAction(action: string, form: URLSearchParams, response: ServerResponse) {
    if (action === 'outage') {
      outage = form.get('on') === 'true';
      return redirectWithNotice(response, outage ? 'Outage on: every send gets a 503.' : 'Outage over.');
    }
    if (action === 'verify') {
      const outcome = await track(verifyWhatsAppWebhook());
      return redirectWithNotice(response, `${outcome.what}: ${String(outcome.result)}`);
    }
    if (action === 'deliver') {
      const status = form.get('status') as FakeReceiptStatus;
      try {
        return redirectWithNotice(response, describe(await track(deliver(form.get('id') ?? '', status))));
      } catch (error) {
        return redirectWithNotice(response, error instanceof Error ? error.message : String(error));
      }
    }
    if (action === 'reply') {
      const text = (form.get('text') ?? '').trim().slice(0, MAX_REPLY_LENGTH);
      const message = byId.get(form.get('id') ?? '');
      const from = message?.to ?? (form.get('from') ?? '').trim();
      const provider = message?.provider ?? (form.get('provider') as FakeProviderName);
      if (!text || !/^\+[1-9]\d{7,14}$/.test(from) || !FAKE_PROVIDERS.includes(provider))
        return redirectWithNotice(response, 'A reply needs a text, a number in E.164 (+234…) and a provider.');
      return redirectWithNotice(response, describe(await track(reply(from, text, provider))));
    }
    answer(response, 404, 'text/plain', 'No such action');
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const { pathname, searchParams } = new URL(request.url ?? '/', 'http://fake.invalid');
    if (request.method === 'GET' && pathname === '/') {
      const receiptStatuses = Object.fromEntries(FAKE_PROVIDERS.map((name) => [name, APIS[name].receiptStatuses]));
      const page = renderFakePage({
        messages,
        activity,
        appUrl,
        outage,
        autoDeliverMs,
        failSuffix,
        failRate,
        receiptStatuses: receiptStatuses as Record<FakeProviderName, readonly FakeReceiptStatus[]>,
        notice: searchParams.get('notice')?.slice(0, 500),
      });
      return answer(response, 200, 'text/html', page);
    }
    if (request.method === 'GET' && pathname === '/messages.json')
      return answer(response, 200, 'application/json', JSON.stringify({ messages, outage }));
    if (request.method !== 'POST') return answer(response, 404, 'text/plain', 'Not found');
    const body = await readBody(request, bodyLimit);
    const api = FAKE_PROVIDERS.map((name) => APIS[name]).find((candidate) => candidate.handles(pathname));
    if (api) {
      const result = handleSend(api, request, pathname, body);
      return answer(response, result.status, result.contentType, result.body);
    }
    const action = /^\/actions\/([a-z]+)$/.exec(pathname)?.[1];
    if (!action) return answer(response, 404, 'text/plain', 'Not found');
    // The page's forms post from the page itself; another site's page must not make the fake post to the app.
    const origin = request.headers.origin;
    if (origin && origin !== `http://${request.headers.host}`) return answer(response, 403, 'text/plain', 'Forbidden');
    return handleAction(action, new URLSearchParams(body.toString('utf8')), response);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (error instanceof BodyTooLarge) {
        response.setHeader('connection', 'close');
        return answer(response, 413, 'text/plain', `Request bodies are limited to ${bodyLimit} bytes`);
      }
      log(`fake provider error: ${error instanceof Error ? error.message : String(error)}`);
      if (!response.headersSent) answer(response, 500, 'text/plain', 'Internal error in the fake provider');
      else response.end();
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? FAKE_PROVIDER_DEFAULT_PORT, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;

  return {
    url: `http://${shownHost}:${port}`,
    credentials,
    messages: () => messages.map((message) => ({ ...message, callbacks: [...message.callbacks] })),
    activity: () => [...activity],
    deliver: (id, status) => track(deliver(id, status)),
    reply: (from, text, provider) => track(reply(from, text, provider)),
    verifyWhatsAppWebhook: () => track(verifyWhatsAppWebhook()),
    setOutage: (on) => {
      outage = on;
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await Promise.allSettled([...inFlight]);
    },
  };
}
