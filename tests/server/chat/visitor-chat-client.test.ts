import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chatTexts } from '../../../shared/chat-texts';
import { createVisitorChatClient, type SendFailure, type VisitorChatClient } from '../../../client/features/chat/visitor-chat-client';
import { startChatHarness, connected, sleep, waitFor, type ChatHarness } from '../../helpers/socket-harness';

let h: ChatHarness;
const clients: VisitorChatClient[] = [];
beforeEach(async () => {
  // Many quick sends: the burst limit (its own test in visitor-chat.test.ts) would refuse them.
  h = await startChatHarness({ chat: { burst: { limit: 100, windowMs: 10_000 } } });
});
afterEach(async () => {
  for (const client of clients.splice(0)) client.destroy();
  await h.close();
});

const userRows = () => h.db.selectFrom('chat_messages').select(['message', 'client_id']).where('sender', '=', 'user').orderBy('id').execute();

function newClient(cookie: string, failures: SendFailure[] = []) {
  const socket = h.visitor({ cookie });
  const client = createVisitorChatClient(socket, { ackTimeoutMs: 400, maxAttempts: 3, retryDelayMs: () => 50, onFailed: (failure) => failures.push(failure) });
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
    expect(client.send('Hello there')).toBe(true);
    const [item] = client.getState().items;
    expect(item).toMatchObject({ kind: 'message', sender: 'user', message: 'Hello there' });
    expect(item!.kind === 'message' && Date.parse(item!.createdAt)).toBeGreaterThan(Date.now() - 1000);
    expect(client.getState().botTyping).toBe(true);
    await waitFor(() => client.getState().items.some((entry) => entry.kind === 'message' && entry.sender === 'bot'), 2000, 'bot reply');
    expect(client.getState().botTyping).toBe(false);
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
      await sleep(15);
    }
    await waitFor(() => client.pendingCount() === 0, 15_000, 'outbox empty');
    const stored = await userRows();
    expect(stored.map((row) => row.message)).toEqual(texts);
    expect(new Set(stored.map((row) => row.client_id)).size).toBe(texts.length);
    expect(failures).toEqual([]);
    // A reload (new socket, same cookie) shows the same list from the database.
    const reload = newClient(cookie);
    await waitFor(() => reload.client.getState().ready, 2000, 'reload ready');
    await sleep(300);
    const reloaded = reload.client.getState().items.flatMap((item) => (item.kind === 'message' && item.sender === 'user' ? [item.message] : []));
    expect(reloaded).toEqual(texts);
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
    await sql`create trigger chat_fail before insert on chat_messages begin select raise(abort, 'disk full'); end`.execute(h.db);
    client.send('This will not be stored');
    await sleep(30);
    expect(client.getState().items.some((item) => item.kind === 'message' && item.pending)).toBe(true);
    await waitFor(() => failures.length === 1, 5000, 'failure');
    expect(failures[0]).toEqual({ text: 'This will not be stored', error: { code: 'STORAGE_FAILED', message: chatTexts.storageFailed } });
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

describe('the visitor chat client when a session ends', () => {
  it('clears a patient’s conversation from the view on log-out and reconnects anonymously', async () => {
    const { invalidateSession } = await import('../../../server/auth/session');
    const patient = await h.userSession('patient', 'Adaeze Okafor');
    const { socket, client } = newClient(patient.cookie);
    await connected(socket);
    client.send('About my test results');
    await waitFor(() => client.pendingCount() === 0 && client.getState().items.length > 0, 2000, 'sent');
    await invalidateSession(h.db, patient.session.id);
    await waitFor(() => client.getState().items.length === 0, 2000, 'cleared');
    // It reconnects as an anonymous visitor (the old session cookie names nobody now), whose
    // conversation is empty: nothing of the patient's is shown.
    await waitFor(() => client.getState().ready && client.getState().status === 'connected', 4000, 'reconnected');
    expect(client.getState().items).toEqual([]);
    expect(client.getState().greetingAt).not.toBeNull();
  });
});
