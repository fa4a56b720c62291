/**
 * The fake's HTTP face: the three providers' send endpoints, the page at /, its form actions and /messages.json.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { renderFakePage } from './fake-provider-page';
import { describeOutcome, FAKE_APIS, type FakeProviderState } from './fake-provider-state';
import { FAKE_PROVIDERS, type FakeProviderName, type FakeReceiptStatus } from './fake-provider-types';
import { FAKE_MEDIA_KINDS, type FakeMediaKind } from './fake-whatsapp-media';

const MAX_REPLY_LENGTH = 1600;
const MAX_NOTICE_LENGTH = 500;

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

/** Post, redirect, get: a reload of the list never posts the form again. */
function redirectWithNotice(response: ServerResponse, notice: string) {
  response.writeHead(303, { location: `/?notice=${encodeURIComponent(notice)}` });
  response.end();
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

function renderPage(state: FakeProviderState, notice: string | undefined) {
  const { config } = state;
  return renderFakePage({
    messages: state.messages(),
    activity: state.activity(),
    appUrl: config.appUrl,
    outage: state.isOutage(),
    autoDeliverMs: config.autoDeliverMs,
    failSuffix: config.failSuffix,
    failRate: config.failRate,
    receiptStatuses: {
      termii: FAKE_APIS.termii.receiptStatuses,
      africastalking: FAKE_APIS.africastalking.receiptStatuses,
      whatsapp: FAKE_APIS.whatsapp.receiptStatuses,
    },
    notice: notice?.slice(0, MAX_NOTICE_LENGTH),
    whatsAppClockBehindHours: state.whatsAppClockBehindHours(),
  });
}

async function replyAction(state: FakeProviderState, form: URLSearchParams): Promise<string> {
  const text = (form.get('text') ?? '').trim().slice(0, MAX_REPLY_LENGTH);
  // From a message's row the reply comes from its number through its provider; the free form names both.
  const message = state.find(form.get('id') ?? '');
  const from = message?.to ?? (form.get('from') ?? '').trim();
  const provider = message?.provider ?? (form.get('provider') as FakeProviderName);
  if (!text || !/^\+[1-9]\d{7,14}$/.test(from) || !FAKE_PROVIDERS.includes(provider))
    return 'A reply needs a text, a number in E.164 (+234…) and a provider.';
  return describeOutcome(await state.reply(from, text, provider));
}

async function mediaAction(state: FakeProviderState, form: URLSearchParams): Promise<string> {
  const from = (form.get('from') ?? '').trim();
  const kind = form.get('kind') as FakeMediaKind;
  const caption = (form.get('caption') ?? '').trim().slice(0, MAX_REPLY_LENGTH);
  if (!/^\+[1-9]\d{7,14}$/.test(from) || !FAKE_MEDIA_KINDS.includes(kind))
    return 'A photo or voice note needs a number in E.164 (+234…) and a kind.';
  return describeOutcome(await state.sendMedia(from, kind, caption || undefined));
}

async function runAction(state: FakeProviderState, action: string, form: URLSearchParams): Promise<string | null> {
  switch (action) {
    case 'outage':
      state.setOutage(form.get('on') === 'true');
      return state.isOutage() ? 'Outage on: every send gets a 503.' : 'Outage over.';
    case 'verify':
      return describeOutcome(await state.verifyWhatsAppWebhook());
    case 'deliver':
      return state
        .deliver(form.get('id') ?? '', form.get('status') as FakeReceiptStatus)
        .then(describeOutcome, errorText);
    case 'reply':
      return replyAction(state, form);
    case 'media':
      return mediaAction(state, form);
    case 'clock': {
      const hours = Number(form.get('hours') ?? '');
      if (!Number.isFinite(hours) || hours < 0 || hours > 720) return 'Hours behind: a number from 0 to 720.';
      state.setWhatsAppClockBehind(hours);
      return hours
        ? `The WhatsApp patient's clock is ${hours} h behind: their next messages are dated ${hours} h ago.`
        : "The WhatsApp patient's clock is right again.";
    }
    default:
      return null;
  }
}

async function handle(state: FakeProviderState, request: IncomingMessage, response: ServerResponse) {
  const { pathname, searchParams } = new URL(request.url ?? '/', 'http://fake.invalid');
  if (request.method === 'GET' && pathname === '/')
    return answer(response, 200, 'text/html', renderPage(state, searchParams.get('notice') ?? undefined));
  if (request.method === 'GET' && pathname === '/messages.json')
    return answer(
      response,
      200,
      'application/json',
      JSON.stringify({ messages: state.messages(), outage: state.isOutage() }),
    );
  if (request.method === 'GET' && state.media.handles(pathname)) {
    // Graph's media endpoints (issue #30): the app fetches what the fake WhatsApp user sent.
    const file = state.isOutage()
      ? { status: 503, contentType: 'application/json', body: Buffer.from('{"error":{"code":2}}') }
      : state.media.answer(pathname, request.headers, state.config.credentials);
    response.writeHead(file.status, {
      'content-type': file.contentType,
      'content-length': String(file.body.length),
      'cache-control': 'no-store',
    });
    return void response.end(file.body);
  }
  if (request.method !== 'POST') return answer(response, 404, 'text/plain', 'Not found');
  const body = await readBody(request, state.config.bodyLimit);

  const api = FAKE_PROVIDERS.map((name) => FAKE_APIS[name]).find((candidate) => candidate.handles(pathname));
  if (api) {
    const sent = state.isOutage()
      ? api.outage()
      : api.send({ pathname, headers: request.headers, body }, state.config.credentials);
    if (sent.status >= 400) state.config.log(`${api.name} refused a send with ${sent.status}: ${sent.body}`);
    state.accept(sent.accepted);
    return answer(response, sent.status, sent.contentType, sent.body);
  }

  const action = /^\/actions\/([a-z]+)$/.exec(pathname)?.[1];
  if (!action) return answer(response, 404, 'text/plain', 'Not found');
  // The page's forms post from the page itself; another site's page must not make the fake post to the app.
  const origin = request.headers.origin;
  if (origin && origin !== `http://${request.headers.host}`) return answer(response, 403, 'text/plain', 'Forbidden');
  const notice = await runAction(state, action, new URLSearchParams(body.toString('utf8')));
  if (notice === null) return answer(response, 404, 'text/plain', 'No such action');
  redirectWithNotice(response, notice);
}

export function createFakeRequestHandler(state: FakeProviderState) {
  return (request: IncomingMessage, response: ServerResponse) => {
    handle(state, request, response).catch((error: unknown) => {
      if (error instanceof BodyTooLarge) {
        response.setHeader('connection', 'close');
        return answer(response, 413, 'text/plain', `Request bodies are limited to ${state.config.bodyLimit} bytes`);
      }
      state.config.log(`fake provider error: ${errorText(error)}`);
      if (!response.headersSent) answer(response, 500, 'text/plain', 'Internal error in the fake provider');
      else response.end();
    });
  };
}
