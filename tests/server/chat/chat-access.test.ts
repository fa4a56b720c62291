import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatMessage, ConversationSummary } from '../../../shared/chat-events';
import { chatTexts } from '../../../shared/chat-texts';
import { invalidateSession } from '../../../server/auth/session';
import { startChatHarness, collect, connected, refused, type ChatHarness } from '../../helpers/socket-harness';
import { owedBotReplies, storedBotMessages } from '../../helpers/bot-replies';
import { waitFor } from '../../helpers/wait-for';

let h: ChatHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('who may connect and what they may read', () => {
  it('refuses a handshake from a foreign Origin and accepts the site’s own', async () => {
    h = await startChatHarness();
    const foreign = h.visitor({ cookie: h.newVisitorCookie(), origin: 'https://evil.example', reconnection: false });
    const error = await refused(foreign);
    expect(error.message).toMatch(/websocket error|Origin/i);
    const own = h.visitor({ cookie: h.newVisitorCookie(), origin: h.baseUrl });
    await connected(own);
  });

  it('sets the signed HttpOnly visitor cookie only on the widget’s handshake', async () => {
    h = await startChatHarness();
    const widget = await fetch(`${h.baseUrl}/socket.io/?EIO=4&transport=polling&client=visitor`);
    const cookies = widget.headers.getSetCookie();
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatch(
      /^chat_visitor=[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    const plain = await fetch(`${h.baseUrl}/socket.io/?EIO=4&transport=polling`);
    expect(plain.headers.getSetCookie()).toEqual([]);
    // No page of the site sets it either.
    const health = await fetch(`${h.baseUrl}/healthz`);
    expect(health.headers.getSetCookie()).toEqual([]);
  });

  it('a visitor cannot join or read another conversation by any id, nor with a forged cookie', async () => {
    h = await startChatHarness();
    const cookieA = h.newVisitorCookie();
    const a = h.visitor({ cookie: cookieA });
    const b = h.visitor({ cookie: h.newVisitorCookie() });
    await Promise.all([connected(a), connected(b)]);
    const seenByA = collect<ChatMessage>(a, 'message:created');
    const seenByB = collect<ChatMessage>(b, 'message:created');
    const sent = await a
      .timeout(2000)
      .emitWithAck('message:send', { clientId: randomUUID(), message: 'My private question' });
    expect(sent.ok).toBe(true);
    const conversation = await h.db.selectFrom('chat_conversations').selectAll().executeTakeFirstOrThrow();

    // Naming a conversation in any payload is refused (strict schemas), never honoured.
    const loose = b as unknown as {
      timeout: (ms: number) => { emitWithAck: (event: string, payload: unknown) => Promise<unknown> };
    };
    expect(
      await loose.timeout(2000).emitWithAck('conversation:sync', { conversationId: conversation.id }),
    ).toMatchObject({ ok: false, error: { code: 'INVALID_PAYLOAD' } });
    expect(
      await loose
        .timeout(2000)
        .emitWithAck('message:send', { clientId: randomUUID(), message: 'hi', conversationId: conversation.id }),
    ).toMatchObject({
      ok: false,
      error: { code: 'INVALID_PAYLOAD' },
    });
    for (const event of ['room:join', 'conversation:open', 'conversation:list']) {
      await expect(loose.timeout(300).emitWithAck(event, { conversationId: conversation.id })).rejects.toThrow();
    }
    // B's own history is empty, whatever id it asks from.
    expect(await b.timeout(2000).emitWithAck('conversation:sync', { afterId: 0 })).toMatchObject({
      ok: true,
      messages: [],
      agent: null,
    });
    // Reusing A's client id from B neither reads nor overwrites A's message.
    if (sent.ok) {
      const stolen = await b
        .timeout(2000)
        .emitWithAck('message:send', { clientId: sent.message.clientId!, message: 'hijack' });
      expect(stolen).toMatchObject({ ok: false, error: { code: 'STORAGE_FAILED' } });
    }
    // A forged cookie (right id, wrong signature) does not open A's conversation.
    const forged = cookieA.replace(/\.[^.]+$/, `.${'A'.repeat(43)}`);
    const c = h.visitor({ cookie: forged });
    await connected(c);
    expect(await c.timeout(2000).emitWithAck('conversation:sync', {})).toMatchObject({
      ok: true,
      messages: [],
      agent: null,
    });
    // The bot's reply goes to A's room in one emit: once A has it, a round trip on B's socket is behind anything
    // that emit sent B.
    await waitFor(() => seenByA.some((item) => item.value.sender === 'bot'), 3000, "the bot's reply to A");
    await b.timeout(2000).emitWithAck('conversation:sync', {});
    expect(seenByB).toEqual([]);
    // B cannot reach the agent namespace either.
    const asAgent = h.agentSocket({ cookie: h.newVisitorCookie(), reconnection: false });
    expect((await refused(asAgent)).data?.code).toBe('UNAUTHORIZED');
  });

  it('refuses the agent namespace to anonymous visitors and patients, and admits agents and admins', async () => {
    h = await startChatHarness();
    const anonymous = await refused(h.agentSocket({ reconnection: false }));
    expect(anonymous.data).toEqual({ code: 'UNAUTHORIZED', message: 'Please log in to continue.' });
    const patient = await h.userSession('patient');
    const asPatient = await refused(h.agentSocket({ cookie: patient.cookie, reconnection: false }));
    expect(asPatient.data).toEqual({ code: 'FORBIDDEN', message: 'The support console is for support staff only.' });
    const staleCookie = await refused(
      h.agentSocket({ cookie: 'session=abcdefghijklmnopqrstuvwxyz234567', reconnection: false }),
    );
    expect(staleCookie.data?.code).toBe('UNAUTHORIZED');
    for (const role of ['agent', 'admin'] as const) {
      const staff = await h.userSession(role);
      await connected(h.agentSocket({ cookie: staff.cookie }));
    }
  });

  it('caps open visitor connections per IP and tells the visitor why', async () => {
    h = await startChatHarness({ env: { CHAT_MAX_CONNECTIONS_PER_IP: '3' } });
    const open = [1, 2, 3].map(() => h!.visitor({ cookie: h!.newVisitorCookie() }));
    await Promise.all(open.map(connected));
    const fourth = await refused(h.visitor({ cookie: h.newVisitorCookie(), reconnection: false }));
    expect(fourth.data).toEqual({ code: 'TOO_MANY_CONNECTIONS', message: chatTexts.tooManyConnections });
    open[0]!.disconnect();
    // The server frees the slot when it sees the disconnect: try until it has.
    await waitFor(
      async () => {
        const next = h!.visitor({ cookie: h!.newVisitorCookie(), reconnection: false });
        return connected(next).then(
          () => true,
          () => false,
        );
      },
      3000,
      'a free connection slot',
    );
  });

  it('disconnects a session’s sockets when the session ends (logout)', async () => {
    h = await startChatHarness();
    const agent = await h.userSession('agent');
    const socket = h.agentSocket({ cookie: agent.cookie, reconnection: false });
    await connected(socket);
    const gone = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    await invalidateSession(h.db, agent.session.id, h.sessionEvents);
    expect(await gone).toBe('io server disconnect');
  });
});

describe('agents', () => {
  it('see conversations live, join (the visitor sees who), reply at once, and silence the bot until they leave', async () => {
    // Long enough for the agent to join before the bot is due.
    h = await startChatHarness({ chat: { replyDelayMs: 800 } });
    const staff = await h.userSession('agent', 'Ngozi Eze');
    const agent = h.agentSocket({ cookie: staff.cookie });
    await connected(agent);
    const visitorCookie = h.newVisitorCookie();
    const visitor = h.visitor({ cookie: visitorCookie });
    await connected(visitor);
    visitor.emit('page:update', { path: '/services/virtual-consultation' });
    const agentSeen = collect<{ conversationId: number; message: ChatMessage }>(agent, 'message:created');
    const summaries = collect<ConversationSummary>(agent, 'room:updated');
    const visitorSeen = collect<ChatMessage>(visitor, 'message:created');
    const roomUpdates = collect<{ agent: { name: string } | null }>(visitor, 'room:updated');

    const sent = await visitor
      .timeout(2000)
      .emitWithAck('message:send', { clientId: randomUUID(), message: 'Can I book a video call today?' });
    expect(sent.ok).toBe(true);
    await waitFor(() => agentSeen.length === 1, 2000, 'agent sees the message');
    const conversationId = agentSeen[0]!.value.conversationId;
    await waitFor(
      () => summaries.some((item) => item.value.id === conversationId && item.value.unreadCount === 1),
      2000,
      'summary',
    );
    const summary = summaries.at(-1)!.value;
    expect(summary).toMatchObject({
      visitorName: null,
      shortId: `#${conversationId}`,
      currentPage: '/services/virtual-consultation',
      lastMessage: { sender: 'user', preview: 'Can I book a video call today?' },
      unreadCount: 1,
      assignedAgent: null,
      visitorOnline: true,
    });
    expect(summary.waitingSince).not.toBeNull();
    expect(JSON.stringify(summary)).not.toContain(visitorCookie.split('=')[1]!.split('.')[0]!);

    // Join within the bot's delay: the bot stays quiet.
    const joined = await agent.timeout(2000).emitWithAck('room:join', { conversationId });
    expect(joined.ok && joined.conversation.assignedAgent).toEqual({ id: staff.user.id, name: 'Ngozi Eze' });
    await waitFor(() => roomUpdates.length === 1, 2000, 'visitor sees the join');
    expect(roomUpdates[0]!.value).toEqual({ agent: { name: 'Ngozi Eze' } });
    // The owed reply is settled when due: dropped (the agent is in) in the transaction that would have stored it.
    await waitFor(async () => (await owedBotReplies(h!.db)) === 0, 3000, 'the owed reply settled');
    expect(await storedBotMessages(h.db)).toBe(0);
    expect(visitorSeen.filter((item) => item.value.sender === 'bot')).toHaveLength(0);

    // A second visitor message while the agent is in the room: still no bot.
    await visitor.timeout(2000).emitWithAck('message:send', { clientId: randomUUID(), message: 'Hello?' });
    const reply = await agent
      .timeout(2000)
      .emitWithAck('message:send', { conversationId, clientId: randomUUID(), message: 'Yes, we have a slot at 3 PM.' });
    expect(reply.ok).toBe(true);
    // At once: sent to the visitor before the agent's ack, so a round trip on the visitor's socket is behind it.
    await visitor.timeout(2000).emitWithAck('conversation:sync', {});
    const agentReply = visitorSeen.find((item) => item.value.sender === 'agent')!;
    expect(agentReply.value).toMatchObject({
      sender: 'agent',
      agentName: 'Ngozi Eze',
      message: 'Yes, we have a slot at 3 PM.',
    });
    // With an agent in the room the visitor's message owes no reply (stored with the message, before its ack).
    expect(await owedBotReplies(h.db)).toBe(0);
    expect(await storedBotMessages(h.db)).toBe(0);
    expect(visitorSeen.filter((item) => item.value.sender === 'bot')).toHaveLength(0);

    // Another agent sees the claim and cannot take the room while its agent is online.
    const other = await h.userSession('agent', 'Chidi Obi');
    const otherSocket = h.agentSocket({ cookie: other.cookie });
    await connected(otherSocket);
    const list = await otherSocket.timeout(2000).emitWithAck('conversation:list', {});
    expect(list.ok && list.conversations[0]!.assignedAgent?.name).toBe('Ngozi Eze');
    const grab = await otherSocket.timeout(2000).emitWithAck('room:join', { conversationId });
    expect(grab).toMatchObject({
      ok: false,
      error: {
        code: 'ALREADY_CLAIMED',
        message: 'Ngozi Eze has this conversation. You can ask them to transfer it.',
        holder: { name: 'Ngozi Eze' },
      },
    });
    const notMine = await otherSocket
      .timeout(2000)
      .emitWithAck('message:send', { conversationId, clientId: randomUUID(), message: 'Hi' });
    expect(notMine).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });

    // Leave: the visitor is told, and the bot answers again.
    const left = await agent.timeout(2000).emitWithAck('room:leave', { conversationId });
    expect(left.ok && left.conversation.assignedAgent).toBeNull();
    await waitFor(() => roomUpdates.length === 2, 2000, 'visitor sees the leave');
    expect(roomUpdates[1]!.value).toEqual({ agent: null });
    await visitor.timeout(2000).emitWithAck('message:send', { clientId: randomUUID(), message: 'Thanks!' });
    await waitFor(() => visitorSeen.some((item) => item.value.sender === 'bot'), 3000, 'bot is back');
  });

  it('shows a signed-in patient’s name and e-mail, and opens history with the visitor’s typing', async () => {
    h = await startChatHarness();
    const patient = await h.userSession('patient', 'Adaeze Okafor');
    const staff = await h.userSession('agent');
    const visitor = h.visitor({ cookie: patient.cookie });
    const agent = h.agentSocket({ cookie: staff.cookie });
    await Promise.all([connected(visitor), connected(agent)]);
    await visitor
      .timeout(2000)
      .emitWithAck('message:send', { clientId: randomUUID(), message: 'About my appointment' });
    // The bot answers 100 ms after the message: on a busy machine that can fall before or after the agent opens the
    // room. Let it have its say first (no reply owed), so that the history the agent opens is one known list.
    await waitFor(async () => (await owedBotReplies(h!.db)) === 0, 3000, "the bot's reply");
    const list = await agent.timeout(2000).emitWithAck('conversation:list', {});
    expect(list.ok).toBe(true);
    if (!list.ok) return;
    expect(list.me).toEqual({ id: staff.user.id, name: staff.user.full_name, role: 'agent' });
    expect(list.conversations[0]).toMatchObject({ visitorName: 'Adaeze Okafor', visitorEmail: patient.user.email });
    const opened = await agent
      .timeout(2000)
      .emitWithAck('conversation:open', { conversationId: list.conversations[0]!.id });
    expect(opened.ok && opened.messages.map((m: ChatMessage) => m.message)).toEqual([
      'About my appointment',
      chatTexts.botReply,
    ]);
    expect(opened.ok && opened.conversation.unreadCount).toBe(0);
    const typing = collect<{ conversationId: number; typing: boolean }>(agent, 'typing:updated');
    visitor.emit('typing:update', { typing: true });
    await waitFor(() => typing.length === 1, 2000, 'typing');
    expect(typing[0]!.value).toEqual({ conversationId: list.conversations[0]!.id, typing: true });
    // The same patient on another device gets the same conversation.
    const secondDevice = h.visitor({ cookie: patient.cookie });
    await connected(secondDevice);
    const history = await secondDevice.timeout(2000).emitWithAck('conversation:sync', {});
    expect(history.ok && history.messages[0]!.message).toBe('About my appointment');
  });

  it('hands an absent agent’s rooms back to the bot after the grace period', async () => {
    h = await startChatHarness({ chat: { agentGraceMs: 200 } });
    const staff = await h.userSession('agent', 'Ngozi Eze');
    const agent = h.agentSocket({ cookie: staff.cookie, reconnection: false });
    const visitor = h.visitor({ cookie: h.newVisitorCookie() });
    await Promise.all([connected(agent), connected(visitor)]);
    const updates = collect<{ agent: { name: string } | null }>(visitor, 'room:updated');
    await visitor.timeout(2000).emitWithAck('message:send', { clientId: randomUUID(), message: 'Hello' });
    const conversation = await h.db.selectFrom('chat_conversations').select('id').executeTakeFirstOrThrow();
    await agent.timeout(2000).emitWithAck('room:join', { conversationId: conversation.id });
    agent.disconnect();
    await waitFor(() => updates.length === 2, 3000, 'hand back');
    expect(updates.map((item) => item.value)).toEqual([{ agent: { name: 'Ngozi Eze' } }, { agent: null }]);
  });
});
