import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../helpers/memory-storage';
import type { OutboxStorage } from '../../../client/features/chat/outbox-store';
import { CHAT_PING_INTERVAL_MS, CHAT_PING_TIMEOUT_MS } from '../../../server/chat/attach-chat';
import { chatTexts } from '../../../shared/chat-texts';
import {
  createVisitorChatClient,
  type SendFailure,
  type VisitorChatClient,
} from '../../../client/features/chat/visitor-chat-client';
import { startChatHarness, connected, type ChatHarness } from '../../helpers/socket-harness';
import { waitFor } from '../../helpers/wait-for';
import { failInserts } from '../../helpers/test-db';

let h: ChatHarness;
const clients: VisitorChatClient[] = [];
beforeEach(async () => {
  // Many quick sends: the burst limit (its own test in visitor-chat.test.ts) would refuse them.
  h = await startChatHarness({ chat: { burst: { limit: 100, windowMs: 10_000 } } });
});
afterEach(async () => {
  vi.useRealTimers();
  for (const client of clients.splice(0)) client.destroy();
  await h.close();
});

const userRows = () =>
  h.db
    .selectFrom('chat_messages')
    .select(['message', 'client_id'])
    .where('sender', '=', 'user')
    .orderBy('id')
    .execute();

function newClient(
  cookie: string,
  failures: SendFailure[] = [],
  storage: OutboxStorage | null = null,
  reconnection = true,
) {
  const socket = h.visitor({ cookie, reconnection });
  const client = createVisitorChatClient(socket, {
    retry: { ackTimeoutMs: 400, maxServerFailures: 3, delayMs: () => 50 },
    storage,
    onFailed: (failure) => failures.push(failure),
  });
  clients.push(client);
  return { socket, client };
}

describe('the visitor chat client on a poor connection', () => {
  it('shows the greeting on a first chat, and a sent message at once with its time', async () => {
    const { socket, client } = newClient(h.newVisitorCookie());
    await connected(socket);
    await waitFor(() => client.getState().ready, 2000, 'ready');
    expect(client.getState().greetingAt).not.toBeNull();
    expect(client.send('   ')).toBe(false);
    const dots: boolean[] = [];
    client.subscribe((state) => dots.push(state.botTyping));
    expect(client.send('Hello there')).toBe(true);
    const [item] = client.getState().items;
    expect(item).toMatchObject({ kind: 'message', sender: 'user', message: 'Hello there' });
    expect(item!.kind === 'message' && Date.parse(item!.createdAt)).toBeGreaterThan(Date.now() - 1000);
    // Shown once the server has stored the message and owes it a reply, until the reply comes.
    expect(client.getState().botTyping).toBe(false);
    await waitFor(
      () => client.getState().items.some((entry) => entry.kind === 'message' && entry.sender === 'bot'),
      2000,
      'bot reply',
    );
    expect(client.getState().botTyping).toBe(false);
    expect(dots).toContain(true);
  });

  it('loses and doubles nothing when the connection drops again and again, and keeps the order', async () => {
    const cookie = h.newVisitorCookie();
    const failures: SendFailure[] = [];
    const { socket, client } = newClient(cookie, failures);
    await connected(socket);
    const texts = Array.from({ length: 8 }, (_, index) => `Message ${index + 1}`);
    for (const [index, text] of texts.entries()) {
      client.send(text);
      // Drop the transport in the middle of sends, as a phone changing cells would. Only an
      // open one: closing an engine that is still opening is a forced client close that the
      // Manager never retries, which no real network does.
      if (index % 3 === 1) {
        if (!socket.connected) await connected(socket);
        socket.io.engine.close();
      }
      // A person's pace between sends, so that the drops land among them rather than after the last one.
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
    await waitFor(() => client.pendingCount() === 0, 15_000, 'outbox empty');
    const stored = await userRows();
    expect(stored.map((row) => row.message)).toEqual(texts);
    expect(new Set(stored.map((row) => row.client_id)).size).toBe(texts.length);
    expect(failures).toEqual([]);
    // A reload (new socket, same cookie) shows the same list from the database.
    const reload = newClient(cookie);
    await waitFor(() => reload.client.getState().ready, 2000, 'reload ready');
    const reloaded = () =>
      reload.client
        .getState()
        .items.flatMap((item) => (item.kind === 'message' && item.sender === 'user' ? [item.message] : []));
    await waitFor(() => reloaded().length >= texts.length, 3000, 'the history shown');
    expect(reloaded()).toEqual(texts);
    expect(reload.client.getState().greetingAt).toBeNull();
  });

  it('settles a message whose acknowledgement was lost from the history on reconnect', async () => {
    const cookie = h.newVisitorCookie();
    const { socket, client } = newClient(cookie);
    await connected(socket);
    await waitFor(() => client.getState().ready, 2000, 'ready');
    client.send('Is the clinic open on Sunday?');
    await waitFor(async () => (await userRows()).length === 1, 2000, 'stored');
    socket.io.engine.close();
    await waitFor(() => client.pendingCount() === 0, 5000, 'settled');
    expect(await userRows()).toHaveLength(1);
  });

  it('removes a message and reports it only when the retries are used up', async () => {
    const failures: SendFailure[] = [];
    const { socket, client } = newClient(h.newVisitorCookie(), failures);
    await connected(socket);
    await waitFor(() => client.getState().ready, 2000, 'ready');
    await failInserts(h.db, 'chat_messages', { message: 'disk full' });
    // The first refusal has no event on the client: watch the acknowledgements arrive instead. The client handles one
    // in the same turn (and its promise's continuations), so a check in that turn's setImmediate sees the state the
    // refusal left, before any retry timer can fire.
    const pendingAfterFirstRefusal: boolean[] = [];
    socket.io.on('packet', (packet: { type: number; data?: unknown }) => {
      // An acknowledgement (type 3) whose answer, after the error-first slot, is a refusal.
      const refused =
        Array.isArray(packet.data) && packet.data.some((part) => (part as { ok?: boolean })?.ok === false);
      if (packet.type !== 3 || !refused || pendingAfterFirstRefusal.length > 0) return;
      setImmediate(() =>
        pendingAfterFirstRefusal.push(client.getState().items.some((item) => item.kind === 'message' && item.pending)),
      );
    });
    client.send('This will not be stored');
    await waitFor(() => pendingAfterFirstRefusal.length > 0, 5000, 'the first refusal');
    // The message must still be pending after the first refusal: it is retried, not dropped.
    expect(pendingAfterFirstRefusal).toEqual([true]);
    await waitFor(() => failures.length === 1, 5000, 'failure');
    expect(failures[0]).toEqual({
      text: 'This will not be stored',
      error: { code: 'STORAGE_FAILED', message: chatTexts.storageFailed },
    });
    expect(client.getState().items.filter((item) => item.kind === 'message' && item.sender === 'user')).toEqual([]);
  });

  it('reports a refusal such as the rate limit at once, without retrying', async () => {
    const failures: SendFailure[] = [];
    const { socket, client } = newClient(h.newVisitorCookie(), failures);
    await connected(socket);
    for (let index = 0; index < 11; index++) client.send(`Quick ${index + 1}`);
    await waitFor(() => failures.length === 1 && client.pendingCount() === 0, 5000, 'refusal');
    expect(failures[0]!.error?.code).toBe('RATE_LIMITED');
    expect(failures[0]!.text).toBe('Quick 11');
    expect(await userRows()).toHaveLength(10);
  });
});

describe('the visitor chat client through a long outage', () => {
  it('keeps messages typed during a 130 s outage, across a reload, and sends each once when back: 0 lost, 0 doubled', async () => {
    const cookie = h.newVisitorCookie();
    const browser = memoryStorage();
    const failures: SendFailure[] = [];
    // The client's clock and timers are faked from its start, so the outage below passes in one step and every check
    // the client ever scheduled (the old one gave up after 120 s, from a 5 s interval) runs in it. Timers tick with the
    // real clock meanwhile, so the socket and the server in this process work as usual.
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
      shouldAdvanceTime: true,
    });
    const first = newClient(cookie, failures, browser, false);
    await connected(first.socket);
    await waitFor(() => first.client.getState().ready, 2000, 'ready');
    first.client.send('Before the outage');
    await waitFor(() => first.client.pendingCount() === 0, 2000, 'first sent');

    // The network goes: the widget says so, and three messages wait.
    first.socket.io.engine.close();
    await waitFor(() => first.client.getState().status === 'offline', 2000, 'offline');
    for (const text of ['Typed offline 1', 'Typed offline 2', 'Typed offline 3']) first.client.send(text);
    // 130 s pass (the old client gave up after 120 s and dropped the queue).
    await vi.advanceTimersByTimeAsync(130_000);
    vi.useRealTimers();
    expect(first.client.pendingCount()).toBe(3);
    expect(failures).toEqual([]);

    // The visitor reloads while still offline: the queued messages are still there, in order.
    first.client.destroy();
    const texts = (items: ReturnType<VisitorChatClient['getState']>['items']) =>
      items.flatMap((item) =>
        item.kind === 'message' && item.sender === 'user' ? [`${item.message}${item.pending ? ' (pending)' : ''}`] : [],
      );
    const reload = newClient(cookie, failures, browser);
    expect(texts(reload.client.getState().items)).toEqual([
      'Typed offline 1 (pending)',
      'Typed offline 2 (pending)',
      'Typed offline 3 (pending)',
    ]);

    // Back online: everything is sent once, nothing is reported as failed.
    await waitFor(() => reload.client.pendingCount() === 0, 5000, 'sent after the outage');
    expect((await userRows()).map((row) => row.message)).toEqual([
      'Before the outage',
      'Typed offline 1',
      'Typed offline 2',
      'Typed offline 3',
    ]);
    expect(failures).toEqual([]);
    expect(texts(reload.client.getState().items)).toEqual([
      'Before the outage',
      'Typed offline 1',
      'Typed offline 2',
      'Typed offline 3',
    ]);
    expect([...browser.entries.keys()].filter((key) => key.startsWith('app-chat-outbox:'))).toEqual([]);
  }, 15_000);

  it('shows the offline banner within 5 s when the network goes silent', async () => {
    expect(CHAT_PING_INTERVAL_MS + CHAT_PING_TIMEOUT_MS).toBeLessThan(5000);
    const { socket, client } = newClient(h.newVisitorCookie());
    await connected(socket);
    await waitFor(() => client.getState().ready, 2000, 'ready');
    // The server's pings stop reaching the browser, as when a phone loses its signal (no close is seen).
    h.silencePings(socket);
    // Within 5 s on a quiet machine: timed in reply-delay.perf.test.ts; here only that it shows at all.
    await waitFor(() => client.getState().status === 'offline', 15_000, 'offline banner');
  }, 20_000);
});

describe('the visitor chat client when a session ends', () => {
  it('clears a patient’s conversation from the view on log-out and reconnects anonymously', async () => {
    const { invalidateSession } = await import('../../../server/auth/session');
    const patient = await h.userSession('patient', 'Adaeze Okafor');
    const { socket, client } = newClient(patient.cookie);
    await connected(socket);
    client.send('About my test results');
    await waitFor(() => client.pendingCount() === 0 && client.getState().items.length > 0, 2000, 'sent');
    await invalidateSession(h.db, patient.session.id, h.sessionEvents);
    await waitFor(() => client.getState().items.length === 0, 2000, 'cleared');
    // It reconnects as an anonymous visitor (the old session cookie names nobody now), whose
    // conversation is empty: nothing of the patient's is shown.
    await waitFor(() => client.getState().ready && client.getState().status === 'connected', 4000, 'reconnected');
    expect(client.getState().items).toEqual([]);
    expect(client.getState().greetingAt).not.toBeNull();
  });
});
