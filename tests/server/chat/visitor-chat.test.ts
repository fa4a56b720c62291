import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../shared/chat-events';
import { chatTexts } from '../../../shared/chat-texts';
import { CHAT_REPLY_DELAY_MS } from '../../../shared/constants';
import { startChatHarness, collect, connected, type ChatHarness } from '../../helpers/socket-harness';
import { owedBotReplies } from '../../helpers/bot-replies';
import { waitFor } from '../../helpers/wait-for';
import { failInserts } from '../../helpers/test-db';

let h: ChatHarness;
beforeEach(async () => {
  h = await startChatHarness();
});
afterEach(async () => {
  await h.close();
});

const rows = () => h.db.selectFrom('chat_messages').selectAll().orderBy('id').execute();

describe('visitor chat over Socket.IO', () => {
  it('stores a message and acknowledges it with the stored row, after the commit', async () => {
    const socket = h.visitor({ cookie: h.newVisitorCookie() });
    await connected(socket);
    const clientId = randomUUID();
    const result = await socket
      .timeout(2000)
      .emitWithAck('message:send', { clientId, message: '  Hello, I need a doctor for my son  ' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.message).toMatchObject({
      clientId,
      sender: 'user',
      message: 'Hello, I need a doctor for my son',
      agentName: null,
    });
    // Already committed when the ack arrives. (The bot's reply, 100 ms later, may be stored too on a slow machine.)
    const stored = (await rows()).filter((row) => row.sender === 'user');
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      id: result.message.id,
      sender: 'user',
      client_id: clientId,
      message: 'Hello, I need a doctor for my son',
      agent_id: null,
    });
  });

  // The exact 1.5 s is pinned with a faked clock in bot-timings.test.ts; a wall-clock upper bound here would only
  // measure how busy the machine is.
  it('sends the canned bot reply no sooner than 1.4 seconds later and stores it', async () => {
    await h.close();
    h = await startChatHarness({ chat: { replyDelayMs: CHAT_REPLY_DELAY_MS } });
    const socket = h.visitor({ cookie: h.newVisitorCookie() });
    await connected(socket);
    const created = collect<ChatMessage>(socket, 'message:created');
    const sentAt = Date.now();
    await socket
      .timeout(2000)
      .emitWithAck('message:send', { clientId: randomUUID(), message: 'What are your opening hours?' });
    // Owed from the message's own time, stored before the ack: the delay is exact, whatever the machine's load. How
    // late the reply arrives on a quiet machine (the 2.5 s bound) is tests/server/chat/reply-delay.perf.test.ts.
    const [message] = await rows();
    const owed = await h.db.selectFrom('chat_pending_replies').select('due_at').executeTakeFirstOrThrow();
    expect(Date.parse(owed.due_at) - Date.parse(message!.created_at)).toBe(CHAT_REPLY_DELAY_MS);
    await waitFor(() => created.some((item) => item.value.sender === 'bot'), 4000, 'bot reply');
    const reply = created.find((item) => item.value.sender === 'bot')!;
    expect(reply.at - sentAt).toBeGreaterThanOrEqual(1400);
    expect(reply.value.message).toBe(chatTexts.botReply);
    expect(reply.value.message).toMatch(/representative will be with you shortly/);
    expect(reply.value.message).toMatch(/urgent matters/);
    expect(reply.value.message).toMatch(/general inquiries/);
    const stored = await rows();
    expect(stored.map((row) => row.sender)).toEqual(['user', 'bot']);
    expect(stored[1]!.message).toBe(chatTexts.botReply);
  });

  it('refuses empty, whitespace-only and oversized messages with a message the visitor can read', async () => {
    const socket = h.visitor({ cookie: h.newVisitorCookie() });
    await connected(socket);
    for (const message of ['', '   \n\t  ']) {
      const result = await socket.timeout(2000).emitWithAck('message:send', { clientId: randomUUID(), message });
      expect(result).toEqual({ ok: false, error: { code: 'INVALID_PAYLOAD', message: chatTexts.emptyMessage } });
    }
    const tooLong = await socket
      .timeout(2000)
      .emitWithAck('message:send', { clientId: randomUUID(), message: 'a'.repeat(2001) });
    expect(tooLong).toEqual({
      ok: false,
      error: { code: 'INVALID_PAYLOAD', message: 'Messages can be at most 2,000 characters.' },
    });
    const exactly = await socket
      .timeout(2000)
      .emitWithAck('message:send', { clientId: randomUUID(), message: 'a'.repeat(2000) });
    expect(exactly.ok).toBe(true);
    const badId = await socket.timeout(2000).emitWithAck('message:send', { clientId: 'not-a-uuid', message: 'Hello' });
    expect(badId.ok).toBe(false);
    // Only the visitor's rows: the bot's reply to the accepted one comes 100 ms after it, before or after this read.
    expect((await rows()).filter((row) => row.sender === 'user')).toHaveLength(1);
  });

  it('drops a connection whose packet is larger than 16 KB', async () => {
    const socket = h.visitor({ cookie: h.newVisitorCookie(), reconnection: false });
    await connected(socket);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    socket.emit('message:send', { clientId: randomUUID(), message: 'x'.repeat(17 * 1024) }, () => undefined);
    expect(await closed).toMatch(/transport (close|error)/);
    expect(await rows()).toHaveLength(0);
  });

  it('limits a visitor to about 10 messages a minute and says how long to wait', async () => {
    await h.close();
    // Only the per-minute limit here; the burst limit has its own test.
    h = await startChatHarness({ chat: { burst: { limit: 100, windowMs: 10_000 } } });
    const socket = h.visitor({ cookie: h.newVisitorCookie() });
    await connected(socket);
    for (let index = 0; index < 10; index++) {
      const result = await socket
        .timeout(2000)
        .emitWithAck('message:send', { clientId: randomUUID(), message: `Question ${index + 1}` });
      expect(result.ok).toBe(true);
    }
    const refused = await socket
      .timeout(2000)
      .emitWithAck('message:send', { clientId: randomUUID(), message: 'One more question' });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.error.code).toBe('RATE_LIMITED');
    expect(refused.error.message).toMatch(
      /^You are sending messages very quickly\. Please wait \d+ seconds and try again\.$/,
    );
    expect(refused.error.retryAfterSeconds).toBeGreaterThan(0);
    // Another visitor is not affected.
    const other = h.visitor({ cookie: h.newVisitorCookie() });
    await connected(other);
    expect(
      (await other.timeout(2000).emitWithAck('message:send', { clientId: randomUUID(), message: 'Hello' })).ok,
    ).toBe(true);
  });

  it('limits bursts to 5 messages in 10 seconds and names the wait', async () => {
    const socket = h.visitor({ cookie: h.newVisitorCookie() });
    await connected(socket);
    for (let index = 0; index < 5; index++) {
      const result = await socket
        .timeout(2000)
        .emitWithAck('message:send', { clientId: randomUUID(), message: `Quick ${index + 1}` });
      expect(result.ok).toBe(true);
    }
    const refused = await socket
      .timeout(2000)
      .emitWithAck('message:send', { clientId: randomUUID(), message: 'Quick 6' });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.error.code).toBe('RATE_LIMITED');
    expect(refused.error.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.error.retryAfterSeconds).toBeLessThanOrEqual(10);
    expect(refused.error.message).toBe(chatTexts.rateLimited(refused.error.retryAfterSeconds));
    expect(refused.error.message).toMatch(/Please wait \d+ seconds/);
    expect((await rows()).filter((row) => row.sender === 'user')).toHaveLength(5);
  });

  it('refuses NUL and other control characters, keeping tabs and line breaks', async () => {
    const socket = h.visitor({ cookie: h.newVisitorCookie() });
    await connected(socket);
    const nul = await socket
      .timeout(2000)
      .emitWithAck('message:send', { clientId: randomUUID(), message: 'Hello\u0000there' });
    // One text rule (issue #24.4): NUL is a control character like the others, with the message's own wording.
    expect(nul).toEqual({ ok: false, error: { code: 'INVALID_PAYLOAD', message: chatTexts.controlCharacters } });
    for (const message of ['Bell\u0007', 'Escape \u001b[31mred', 'Delete\u007f', 'C1 \u0085 next line']) {
      const refused = await socket.timeout(2000).emitWithAck('message:send', { clientId: randomUUID(), message });
      expect(refused).toEqual({ ok: false, error: { code: 'INVALID_PAYLOAD', message: chatTexts.controlCharacters } });
    }
    const fine = await socket
      .timeout(2000)
      .emitWithAck('message:send', { clientId: randomUUID(), message: 'Line one\r\n\tLine two' });
    expect(fine.ok && fine.message.message).toBe('Line one\n\tLine two');
    expect((await rows()).filter((row) => row.sender === 'user').map((row) => row.message)).toEqual([
      'Line one\n\tLine two',
    ]);
  });

  it('a refused duplicate client id leaves no half-write: last activity stays as it was', async () => {
    const activity = async () =>
      (await h.db.selectFrom('chat_conversations').select(['id', 'last_activity_at']).orderBy('id').execute()).map(
        (row) => row.last_activity_at,
      );
    const owner = h.visitor({ cookie: h.newVisitorCookie() });
    const other = h.visitor({ cookie: h.newVisitorCookie() });
    await Promise.all([connected(owner), connected(other)]);
    const clientId = randomUUID();
    expect((await owner.timeout(2000).emitWithAck('message:send', { clientId, message: 'Mine' })).ok).toBe(true);
    expect(
      (await other.timeout(2000).emitWithAck('message:send', { clientId: randomUUID(), message: 'Theirs' })).ok,
    ).toBe(true);
    // The bot's replies move last activity too: let them land first.
    await waitFor(async () => (await rows()).filter((row) => row.sender === 'bot').length === 2, 2000, 'bot replies');
    const before = await activity();
    // A rewrite of last activity must be able to show: let the clock pass the stored times first.
    const latest = Math.max(...before.map((at) => new Date(at).getTime()));
    await waitFor(() => Date.now() > latest, 1000, 'the clock past the stored times');
    // The other visitor reuses the owner's client id (a forged or colliding id): refused.
    const forged = await other.timeout(2000).emitWithAck('message:send', { clientId, message: 'Forged' });
    expect(forged.ok).toBe(false);
    // The owner's retry of the same id: acknowledged with the stored row, not written again.
    const retried = await owner.timeout(2000).emitWithAck('message:send', { clientId, message: 'Mine' });
    expect(retried.ok).toBe(true);
    expect(await activity()).toEqual(before);
    expect((await rows()).filter((row) => row.sender === 'user').map((row) => row.message)).toEqual(['Mine', 'Theirs']);
  });

  it('answers red-flag words at once with 112 and 767, before the usual reply', async () => {
    const socket = h.visitor({ cookie: h.newVisitorCookie() });
    await connected(socket);
    const created = collect<ChatMessage>(socket, 'message:created');
    await socket
      .timeout(2000)
      .emitWithAck('message:send', { clientId: randomUUID(), message: 'My father has CHEST PAIN and can’t breathe' });
    // At once: sent before the message's own acknowledgement (one socket, in order), not after a delay.
    expect(created.filter((item) => item.value.sender === 'bot').map((item) => item.value.message)).toEqual([
      chatTexts.emergencyReply,
    ]);
    await waitFor(() => created.filter((item) => item.value.sender === 'bot').length === 2, 4000, 'two bot replies');
    const bots = created.filter((item) => item.value.sender === 'bot');
    expect(bots[0]!.value.message).toBe(chatTexts.emergencyReply);
    expect(bots[0]!.value.message).toMatch(/112/);
    expect(bots[0]!.value.message).toMatch(/767/);
    // After the emergency reply, the acknowledgement has no 'general inquiries' line (issue #14).
    expect(bots[1]!.value.message).toBe(chatTexts.botReplyAfterEmergency);
    expect((await rows()).map((row) => row.sender)).toEqual(['user', 'bot', 'bot']);
  });

  it('answers a storage failure with an error acknowledgement, and the retry is stored once', async () => {
    const socket = h.visitor({ cookie: h.newVisitorCookie() });
    await connected(socket);
    await socket.timeout(2000).emitWithAck('message:send', { clientId: randomUUID(), message: 'First message' });
    const stopFailing = await failInserts(h.db, 'chat_messages', { message: 'disk I/O error' });
    const clientId = randomUUID();
    const failed = await socket.timeout(2000).emitWithAck('message:send', { clientId, message: 'Second message' });
    expect(failed).toEqual({
      ok: false,
      error: { code: 'STORAGE_FAILED', message: 'Could not send message. Please try again.' },
    });
    await stopFailing();
    const retried = await socket.timeout(2000).emitWithAck('message:send', { clientId, message: 'Second message' });
    expect(retried.ok).toBe(true);
    const again = await socket.timeout(2000).emitWithAck('message:send', { clientId, message: 'Second message' });
    expect(again.ok && retried.ok && again.message.id === retried.message.id).toBe(true);
    expect((await rows()).filter((row) => row.sender === 'user').map((row) => row.message)).toEqual([
      'First message',
      'Second message',
    ]);
  });

  it('keeps the conversation across reconnects: the same cookie fetches its history, in order', async () => {
    const cookie = h.newVisitorCookie();
    const first = h.visitor({ cookie });
    await connected(first);
    for (const message of ['One', 'Two', 'Three'])
      await first.timeout(2000).emitWithAck('message:send', { clientId: randomUUID(), message });
    first.disconnect();
    const second = h.visitor({ cookie });
    await connected(second);
    const all = await second.timeout(2000).emitWithAck('conversation:sync', {});
    expect(
      all.ok && all.messages.filter((m: ChatMessage) => m.sender === 'user').map((m: ChatMessage) => m.message),
    ).toEqual(['One', 'Two', 'Three']);
    if (!all.ok) return;
    const after = await second.timeout(2000).emitWithAck('conversation:sync', { afterId: all.messages[0]!.id });
    // The bot's reply to 'One' is stored among them when the sends take longer than its delay: only the visitor's.
    expect(
      after.ok && after.messages.filter((m: ChatMessage) => m.sender === 'user').map((m: ChatMessage) => m.message),
    ).toEqual(['Two', 'Three']);
  });

  it('a retried send whose acknowledgement was lost is stored once, with one bot reply', async () => {
    const cookie = h.newVisitorCookie();
    const first = h.visitor({ cookie });
    await connected(first);
    const clientId = randomUUID();
    // The send reaches the server, but the connection drops before the ack is read.
    first.emit('message:send', { clientId, message: 'Are you open on Saturday?' }, () => undefined);
    await waitFor(async () => (await rows()).some((row) => row.sender === 'user'), 2000, 'stored');
    first.disconnect();
    const second = h.visitor({ cookie });
    await connected(second);
    const created = collect<ChatMessage>(second, 'message:created');
    const retried = await second
      .timeout(2000)
      .emitWithAck('message:send', { clientId, message: 'Are you open on Saturday?' });
    expect(retried.ok).toBe(true);
    await waitFor(async () => (await rows()).some((row) => row.sender === 'bot'), 3000, 'the bot reply');
    expect(await owedBotReplies(h.db)).toBe(0);
    const stored = await rows();
    expect(stored.filter((row) => row.sender === 'user')).toHaveLength(1);
    expect(stored.filter((row) => row.sender === 'bot')).toHaveLength(1);
    // The retry did not broadcast the message a second time.
    expect(created.filter((item) => item.value.sender === 'user')).toHaveLength(0);
  });

  it('sends every tab of the same visitor the messages of that conversation', async () => {
    const cookie = h.newVisitorCookie();
    const tabA = h.visitor({ cookie });
    const tabB = h.visitor({ cookie });
    await Promise.all([connected(tabA), connected(tabB)]);
    const seenByB = collect<ChatMessage>(tabB, 'message:created');
    await tabA.timeout(2000).emitWithAck('message:send', { clientId: randomUUID(), message: 'Hi from tab A' });
    await waitFor(() => seenByB.length === 1, 2000, 'tab B');
    expect(seenByB[0]!.value.message).toBe('Hi from tab A');
  });
});
