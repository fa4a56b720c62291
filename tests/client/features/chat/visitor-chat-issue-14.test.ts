import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatTexts } from '../../../../shared/chat-texts';
import { IDENTITY_CHECKS } from '../../../../client/features/chat/history-sync';
import { memoryStorage } from '../../../helpers/memory-storage';
import type { OutboxStorage } from '../../../../client/features/chat/outbox-store';
import { SEEN_REPORT_DELAY_MS } from '../../../../client/features/chat/seen-reporter';
import { createVisitorChatClient, type VisitorChatClient } from '../../../../client/features/chat/visitor-chat-client';
import { FakeVisitorSocket, message, syncResult } from './fake-visitor-socket';

let clients: VisitorChatClient[] = [];
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  for (const client of clients) client.destroy();
  clients = [];
  vi.useRealTimers();
});

function connectedClient(storage: OutboxStorage | null = null) {
  const socket = new FakeVisitorSocket();
  const client = createVisitorChatClient(socket.asSocket(), { storage, retry: { ackTimeoutMs: 1000 } });
  clients.push(client);
  socket.serverConnect();
  return { socket, client };
}

const texts = (client: VisitorChatClient) =>
  client.getState().items.map((item) => (item.kind === 'message' ? item.message : `[${item.text}]`));

describe('unread replies across visits (conversation:seen)', () => {
  it('counts the bot and agent messages after the seen id the sync gives, not the visitor’s own', () => {
    const { socket, client } = connectedClient();
    socket.answer(
      'conversation:sync',
      syncResult({
        messages: [
          message('user', 'Hello', 1),
          message('bot', 'Reply', 2),
          message('user', 'More', 3),
          message('agent', 'Hi, Ada here', 4),
        ],
        seenMessageId: 2,
      }),
    );
    expect(client.getState()).toMatchObject({ seenMessageId: 2, unread: 1 });

    // A reply arriving raises the count; the visitor's own message does not.
    socket.fire('message:created', message('agent', 'Are you there?', 5));
    socket.fire('message:created', message('user', 'Yes', 6));
    expect(client.getState().unread).toBe(2);
  });

  it('reports what the open panel shows once, after a pause, and only when it grows', () => {
    const { socket, client } = connectedClient();
    socket.answer(
      'conversation:sync',
      syncResult({ messages: [message('user', 'Hello', 10), message('bot', 'Reply', 11)], seenMessageId: 10 }),
    );
    client.markSeen();
    expect(client.getState()).toMatchObject({ seenMessageId: 11, unread: 0 });
    client.markSeen();
    expect(socket.emittedOf('conversation:seen')).toEqual([]);
    vi.advanceTimersByTime(SEEN_REPORT_DELAY_MS);
    expect(socket.emittedOf('conversation:seen')).toEqual([{ lastMessageId: 11 }]);

    // Nothing new: nothing sent. A new reply seen: sent at once when the panel closes.
    client.markSeen();
    vi.advanceTimersByTime(SEEN_REPORT_DELAY_MS);
    socket.fire('message:created', message('agent', 'Anything else?', 12));
    expect(client.getState().unread).toBe(1);
    client.markSeen();
    client.flushSeen();
    expect(socket.emittedOf('conversation:seen')).toEqual([{ lastMessageId: 11 }, { lastMessageId: 12 }]);
    vi.advanceTimersByTime(SEEN_REPORT_DELAY_MS);
    expect(socket.emittedOf('conversation:seen')).toHaveLength(2);
  });

  it('does not report what the server already knows (seen in another tab), and never goes back', () => {
    const { socket, client } = connectedClient();
    socket.answer(
      'conversation:sync',
      syncResult({ messages: [message('user', 'Hello', 20), message('bot', 'Reply', 21)], seenMessageId: 21 }),
    );
    client.markSeen();
    vi.advanceTimersByTime(SEEN_REPORT_DELAY_MS);
    expect(socket.emittedOf('conversation:seen')).toEqual([]);
    expect(client.getState().unread).toBe(0);

    // A reconnect whose sync says less (an older answer) keeps the higher id.
    socket.fire('disconnect', 'transport close');
    socket.serverConnect();
    socket.answer('conversation:sync', syncResult({ seenMessageId: 3 }));
    expect(client.getState().seenMessageId).toBe(21);
  });

  it('keeps a report made offline until the next sync', () => {
    const { socket, client } = connectedClient();
    socket.answer('conversation:sync', syncResult({ messages: [message('bot', 'Reply', 30)] }));
    socket.fire('disconnect', 'transport close');
    socket.connected = false;
    client.markSeen();
    vi.advanceTimersByTime(SEEN_REPORT_DELAY_MS);
    expect(socket.emittedOf('conversation:seen')).toEqual([]);
    socket.serverConnect();
    socket.answer('conversation:sync', syncResult({ seenMessageId: 0 }));
    expect(socket.emittedOf('conversation:seen')).toEqual([{ lastMessageId: 30 }]);
  });
});

describe('the conversation reference and Continue on WhatsApp', () => {
  it('takes the reference from the sync, and syncs once more after the first message to learn it', () => {
    const { socket, client } = connectedClient();
    socket.answer('conversation:sync', syncResult());
    expect(client.getState().reference).toBeNull();
    client.send('Hello');
    const [sent] = socket.waiting('message:send') as { clientId: string; message: string }[];
    socket.answer('message:send', { ok: true, message: { ...message('user', 'Hello', 40), clientId: sent!.clientId } });
    expect(socket.waiting('conversation:sync')).toEqual([{ afterId: 40 }]);
    socket.answer('conversation:sync', syncResult({ reference: '#7', seenMessageId: 0 }));
    expect(client.getState().reference).toBe('#7');

    // The echo of a message can come before its acknowledgement: it asks too, once.
    const other = connectedClient();
    other.socket.answer('conversation:sync', syncResult());
    other.client.send('Hello');
    const [echoed] = other.socket.waiting('message:send') as { clientId: string }[];
    other.socket.fire('message:created', { ...message('user', 'Hello', 45), clientId: echoed!.clientId });
    other.socket.fire('message:created', message('bot', 'Reply', 46));
    expect(other.socket.waiting('conversation:sync')).toEqual([{ afterId: 45 }]);

    // Later messages need no extra sync.
    client.send('Again');
    const [again] = socket.waiting('message:send') as { clientId: string }[];
    socket.answer('message:send', {
      ok: true,
      message: { ...message('user', 'Again', 41), clientId: again!.clientId },
    });
    expect(socket.waiting('conversation:sync')).toEqual([]);
  });

  it('tells the server the visitor moved to WhatsApp', () => {
    const { socket, client } = connectedClient();
    client.whatsAppOpened();
    expect(socket.emittedOf('whatsapp:opened')).toEqual([{}]);
  });
});

describe('How did we do? (conversation:resolved, rating:send)', () => {
  it('asks when an agent resolves the conversation, with a notice, and thanks once stored', async () => {
    const { socket, client } = connectedClient();
    socket.answer('conversation:sync', syncResult({ messages: [message('agent', 'Glad to help', 50)] }));
    expect(client.getState().rating).toBe('none');
    socket.fire('conversation:resolved');
    expect(client.getState().rating).toBe('requested');
    expect(texts(client)).toEqual(['Glad to help', `[${chatTexts.conversationResolved}]`]);

    const refused = client.sendRating({ rating: 5, comment: 'Quick and kind' });
    expect(socket.waiting('rating:send')).toEqual([{ rating: 5, comment: 'Quick and kind' }]);
    const error = { code: 'RATE_LIMITED', message: 'Please wait.' } as const;
    socket.answer('rating:send', { ok: false, error });
    expect(await refused).toEqual(error);
    expect(client.getState().rating).toBe('requested');

    const unanswered = client.sendRating({ rating: 5 });
    socket.timeOut('rating:send');
    expect(await unanswered).toMatchObject({ message: chatTexts.errorDescription });

    const stored = client.sendRating({ rating: 4 });
    socket.answer('rating:send', { ok: true });
    expect(await stored).toBeNull();
    expect(client.getState().rating).toBe('sent');
  });

  it('asks on a later visit when the sync says the rating is still wanted', () => {
    const { socket, client } = connectedClient();
    socket.answer('conversation:sync', syncResult({ ratingRequested: true }));
    expect(client.getState().rating).toBe('requested');
  });
});

describe('identity:changed (signed in elsewhere)', () => {
  it('reconnects at once without the offline banner, then replaces the history with the merged one', () => {
    const storage = memoryStorage();
    const { socket, client } = connectedClient(storage);
    socket.answer(
      'conversation:sync',
      syncResult({
        outboxKey: 'anonymous',
        messages: [message('user', 'Hello', 60), message('bot', 'Reply', 61)],
        seenMessageId: 61,
        reference: '#9',
      }),
    );
    client.send('Typed just before signing in');
    socket.timeOut('message:send');

    socket.fire('identity:changed');
    expect(socket.calls).toEqual(['disconnect', 'connect']);
    expect(client.getState().status).not.toBe('offline');
    expect(texts(client)).toEqual(['Hello', 'Reply', 'Typed just before signing in']);

    // The new handshake: a full sync (no afterId), which replaces what is shown.
    socket.serverConnect();
    expect(socket.waiting('conversation:sync')).toEqual([{}]);
    socket.answer(
      'conversation:sync',
      syncResult({
        outboxKey: 'patient',
        messages: [
          message('user', 'Last week’s question', 12),
          message('agent', 'Last week’s answer', 13),
          message('user', 'Hello', 60),
          message('bot', 'Reply', 61),
        ],
        seenMessageId: 13,
        reference: '#4',
      }),
    );
    expect(texts(client)).toEqual([
      'Last week’s question',
      'Last week’s answer',
      'Hello',
      'Reply',
      'Typed just before signing in',
    ]);
    expect(client.getState()).toMatchObject({ reference: '#4', seenMessageId: 13, unread: 1 });

    // The unsent message went with the visitor and is sent as the patient's.
    expect(storage.entries.get('app-chat-outbox:anonymous')).toBeUndefined();
    expect(JSON.parse(storage.entries.get('app-chat-outbox:patient')!)).toMatchObject([
      { message: 'Typed just before signing in' },
    ]);
    expect(socket.waiting('message:send')).toMatchObject([{ message: 'Typed just before signing in' }]);
  });

  it('reconnects again when the first handshake still carried the old identity (the cookie came late)', () => {
    const { socket, client } = connectedClient();
    socket.answer('conversation:sync', syncResult({ outboxKey: 'anonymous', messages: [message('user', 'Hi', 80)] }));
    socket.fire('identity:changed');
    socket.serverConnect();
    // Still the anonymous visitor, whose conversation has been merged away: nothing is replaced.
    socket.answer('conversation:sync', syncResult({ outboxKey: 'anonymous' }));
    expect(texts(client)).toEqual(['Hi']);
    expect(socket.calls).toEqual(['disconnect', 'connect']);
    vi.advanceTimersByTime(1000);
    expect(socket.calls).toEqual(['disconnect', 'connect', 'disconnect', 'connect']);
    socket.serverConnect();
    socket.answer(
      'conversation:sync',
      syncResult({ outboxKey: 'patient', messages: [message('user', 'Hi', 80), message('bot', 'Reply', 81)] }),
    );
    expect(texts(client)).toEqual(['Hi', 'Reply']);
  });

  it('takes the answer as it is after a few tries', () => {
    const { socket, client } = connectedClient();
    socket.answer('conversation:sync', syncResult({ outboxKey: 'same', messages: [message('user', 'Hi', 90)] }));
    socket.fire('identity:changed');
    for (let attempt = 1; attempt < IDENTITY_CHECKS; attempt++) {
      socket.serverConnect();
      socket.answer('conversation:sync', syncResult({ outboxKey: 'same', messages: [message('user', 'Hi', 90)] }));
      vi.advanceTimersByTime(1000);
    }
    socket.serverConnect();
    socket.answer('conversation:sync', syncResult({ outboxKey: 'same', messages: [] }));
    expect(texts(client)).toEqual([]);
    expect(socket.calls.filter((call) => call === 'connect')).toHaveLength(IDENTITY_CHECKS);
  });

  it('ignores a sync answer for the old identity that arrives after the change', () => {
    const { socket, client } = connectedClient();
    socket.answer('conversation:sync', syncResult({ messages: [message('user', 'Mine', 70)] }));
    socket.fire('disconnect', 'transport close');
    socket.serverConnect();
    // The reconnect's sync is still out when the identity changes.
    socket.fire('identity:changed');
    socket.answer('conversation:sync', syncResult({ messages: [message('bot', 'Old identity', 71)] }));
    expect(texts(client)).toEqual(['Mine']);
    socket.serverConnect();
    socket.answer('conversation:sync', syncResult({ outboxKey: 'patient', messages: [message('user', 'Merged', 5)] }));
    expect(texts(client)).toEqual(['Merged']);
  });
});
