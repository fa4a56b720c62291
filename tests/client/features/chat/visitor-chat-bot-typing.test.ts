import { afterEach, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../../shared/chat-events';
import { chatTexts } from '../../../../shared/chat-texts';
import { createVisitorChatClient, type VisitorChatClient } from '../../../../client/features/chat/visitor-chat-client';
import { FakeVisitorSocket, message, syncResult } from './fake-visitor-socket';

let clients: VisitorChatClient[] = [];
afterEach(() => {
  for (const client of clients) client.destroy();
  clients = [];
});

function syncedClient(owed: number | null = null) {
  const socket = new FakeVisitorSocket();
  const client = createVisitorChatClient(socket.asSocket(), { storage: null, retry: { ackTimeoutMs: 1000 } });
  clients.push(client);
  socket.serverConnect();
  socket.answer('conversation:sync', syncResult({ botReplyOwed: owed }));
  return { socket, client };
}

/** The server stores the waiting message: its acknowledgement. */
function acknowledge(socket: FakeVisitorSocket, id: number) {
  const [sent] = socket.waiting('message:send') as { clientId: string; message: string }[];
  const stored: ChatMessage = { ...message('user', sent!.message, id), clientId: sent!.clientId };
  socket.answer('message:send', { ok: true, message: stored });
}

const botTyping = (socket: FakeVisitorSocket, replyId: number, typing: boolean) =>
  socket.fire('typing:updated', { sender: 'bot', replyId, typing });

describe("'Bot is typing...' only while the server owes a reply (issue #23)", () => {
  it('shows no dots on send; they come when a reply is owed and go when it is settled, in any wording', () => {
    const { socket, client } = syncedClient();
    const shown: { dots: boolean; reply: boolean }[] = [];
    client.subscribe((state) =>
      shown.push({
        dots: state.botTyping,
        reply: state.items.some((item) => item.kind === 'message' && item.sender === 'bot'),
      }),
    );

    client.send('Are you open now?');
    expect(client.getState().botTyping).toBe(false);
    botTyping(socket, 7, true);
    acknowledge(socket, 1);
    expect(client.getState().botTyping).toBe(true);

    // Out of hours the reply is not the usual text: the server's word settles it all the same.
    botTyping(socket, 7, false);
    socket.fire('message:created', message('bot', chatTexts.botOffline('on Monday at 08:00'), 2));
    expect(client.getState().botTyping).toBe(false);
    expect(shown.some((state) => state.dots && state.reply)).toBe(false);
  });

  it('a second message in the same waiting period shows no dots (no reply is owed)', () => {
    const { socket, client } = syncedClient();
    client.send('Hello');
    botTyping(socket, 3, true);
    acknowledge(socket, 1);
    botTyping(socket, 3, false);
    socket.fire('message:created', message('bot', chatTexts.botReply, 2));

    const dots: boolean[] = [];
    client.subscribe((state) => dots.push(state.botTyping));
    client.send('Are you there?');
    acknowledge(socket, 3);
    expect(dots.length).toBeGreaterThan(0);
    expect(dots).not.toContain(true);
  });

  it('after a reload the sync says a reply is owed; a late word about a settled reply brings no dots back', () => {
    const { socket, client } = syncedClient(9);
    expect(client.getState().botTyping).toBe(true);
    botTyping(socket, 9, false);
    expect(client.getState().botTyping).toBe(false);

    // A reconnect whose sync was read just before the reply went.
    socket.serverConnect();
    socket.answer('conversation:sync', syncResult({ botReplyOwed: 9 }));
    expect(client.getState().botTyping).toBe(false);

    // A reply owed, then sent while this tab was offline: the sync after the reconnect says nothing is owed.
    botTyping(socket, 12, true);
    expect(client.getState().botTyping).toBe(true);
    socket.serverConnect();
    socket.answer('conversation:sync', syncResult({ botReplyOwed: null, messages: [message('bot', 'Reply', 20)] }));
    expect(client.getState().botTyping).toBe(false);
  });

  it('shows no dots while an agent is in the room, and again when they leave with a reply owed', () => {
    const { socket, client } = syncedClient(4);
    socket.fire('room:updated', { agent: { name: 'Ada' } });
    expect(client.getState().botTyping).toBe(false);
    socket.fire('room:updated', { agent: null });
    expect(client.getState().botTyping).toBe(true);
  });
});
