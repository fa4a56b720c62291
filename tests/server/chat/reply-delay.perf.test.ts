/**
 * How long the chat takes, end to end, on a quiet machine (the `perf` project runs alone, after everything else). The
 * default run checks the same behaviour without a clock bound: visitor-chat.test.ts (the reply is owed exactly
 * CHAT_REPLY_DELAY_MS after the message) and visitor-chat-client.test.ts (the offline banner shows).
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createVisitorChatClient, type VisitorChatClient } from '../../../client/features/chat/visitor-chat-client';
import { CHAT_PING_INTERVAL_MS, CHAT_PING_TIMEOUT_MS } from '../../../server/chat/attach-chat';
import type { ChatMessage } from '../../../shared/chat-events';
import { CHAT_REPLY_DELAY_MS } from '../../../shared/constants';
import { collect, connected, startChatHarness, type ChatHarness } from '../../helpers/socket-harness';
import { waitFor } from '../../helpers/wait-for';

let h: ChatHarness | undefined;
const clients: VisitorChatClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.destroy();
  await h?.close();
  h = undefined;
});

describe('chat timing', () => {
  it('sends the canned bot reply between 1.4 and 2.5 seconds later', async () => {
    h = await startChatHarness({ chat: { replyDelayMs: CHAT_REPLY_DELAY_MS } });
    const socket = h.visitor({ cookie: h.newVisitorCookie() });
    await connected(socket);
    const created = collect<ChatMessage>(socket, 'message:created');
    const sentAt = Date.now();
    await socket
      .timeout(2000)
      .emitWithAck('message:send', { clientId: randomUUID(), message: 'What are your opening hours?' });
    await waitFor(() => created.some((item) => item.value.sender === 'bot'), 4000, 'bot reply');
    const reply = created.find((item) => item.value.sender === 'bot')!;
    console.info(`[chat timing] bot reply ${reply.at - sentAt} ms after the send`);
    expect(reply.at - sentAt).toBeGreaterThanOrEqual(1400);
    expect(reply.at - sentAt).toBeLessThanOrEqual(2500);
  });

  it('shows the offline banner within 5 s when the network goes silent', async () => {
    expect(CHAT_PING_INTERVAL_MS + CHAT_PING_TIMEOUT_MS).toBeLessThan(5000);
    h = await startChatHarness();
    const socket = h.visitor({ cookie: h.newVisitorCookie() });
    const client = createVisitorChatClient(socket, {
      retry: { ackTimeoutMs: 400, maxServerFailures: 3, delayMs: () => 50 },
      storage: null,
      onFailed: () => undefined,
    });
    clients.push(client);
    await connected(socket);
    await waitFor(() => client.getState().ready, 2000, 'ready');
    // The server's pings stop reaching the browser, as when a phone loses its signal (no close is seen).
    h.silencePings(socket);
    const silentSince = Date.now();
    await waitFor(() => client.getState().status === 'offline', 6000, 'offline banner');
    const noticedAfterMs = Date.now() - silentSince;
    console.info(`[chat timing] offline shown ${noticedAfterMs} ms after the network went silent`);
    expect(noticedAfterMs).toBeLessThan(5000);
  }, 10_000);
});
