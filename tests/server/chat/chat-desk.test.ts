/**
 * The chat as a support desk (issue #14), over real sockets: status and views, search, per-agent unread, transfer,
 * presence, the bot's one acknowledgement per waiting period, office hours, emergencies, the agent-drop gap,
 * e-mail follow-ups, identity merge, ratings, transcripts and canned replies.
 */
import { CHAT_CONSENT_WORDING_VERSION } from '../../../shared/messaging/consent';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type {
  AgentPresence,
  ChatMessage,
  ChatViewCounts,
  ConversationListResult,
  ConversationSummary,
  RatingSummary,
} from '../../../shared/chat-events';
import { chatTexts } from '../../../shared/chat-texts';
import {
  ALWAYS_CLOSED,
  collect,
  connected,
  say,
  startChatHarness,
  type ChatHarness,
} from '../../helpers/socket-harness';
import { owedBotReplies } from '../../helpers/bot-replies';
import { waitFor } from '../../helpers/wait-for';

let h: ChatHarness;
afterEach(async () => {
  await h.close();
});

type Agent = ReturnType<ChatHarness['agentSocket']>;

const botMessages = async (conversationId?: number) =>
  (
    await h.db
      .selectFrom('chat_messages')
      .select(['message', 'conversation_id'])
      .where('sender', '=', 'bot')
      .orderBy('id')
      .execute()
  )
    .filter((row) => conversationId === undefined || row.conversation_id === conversationId)
    .map((row) => row.message);

const onlyConversationId = async () =>
  (await h.db.selectFrom('chat_conversations').select('id').executeTakeFirstOrThrow()).id;

async function agentOnline(name: string, role: 'agent' | 'admin' = 'agent') {
  const staff = await h.userSession(role, name);
  const socket = h.agentSocket({ cookie: staff.cookie });
  await connected(socket);
  return { ...staff, socket };
}

const list = async (
  agent: Agent,
  payload: { view?: 'mine' | 'unassigned' | 'open' | 'resolved'; search?: string },
): Promise<ConversationListResult> => {
  const result = await agent.timeout(3000).emitWithAck('conversation:list', payload);
  if (!result.ok) throw new Error(result.error.message);
  return result;
};

/** A signed-in patient with the chat open, who has sent a first message. */
async function patientChatting(first: string) {
  const patient = await h.userSession('patient', 'Chiamaka Nwosu');
  const patientSocket = h.visitor({ cookie: patient.cookie });
  await connected(patientSocket);
  await say(patientSocket, first);
  return { patient, patientSocket };
}

async function newVisitor(first: string) {
  const visitor = h.visitor({ cookie: h.newVisitorCookie() });
  await connected(visitor);
  await say(visitor, first);
  return visitor;
}

describe('conversation status and views', () => {
  it('resolves, asks the visitor for a rating, counts per view, and a new visitor message reopens it', async () => {
    h = await startChatHarness();
    const ada = await agentOnline('Ada Obi');
    const visitor = await newVisitor('Hello, I need help with my booking');
    const other = await newVisitor('Second visitor here');
    const conversationId = await onlyConversationId();
    const resolvedEvents = collect(visitor, 'conversation:resolved');
    const ratings = collect<RatingSummary>(ada.socket, 'ratings:updated');

    let listed = await list(ada.socket, {});
    expect(listed.counts).toEqual({ mine: 0, unassigned: 2, open: 2, resolved: 0 });
    expect(listed.conversations.every((c) => c.waitingSince !== null)).toBe(true);
    expect(listed.conversations.map((c) => c.status)).toEqual(['open', 'open']);

    expect((await ada.socket.timeout(3000).emitWithAck('room:join', { conversationId })).ok).toBe(true);
    listed = await list(ada.socket, { view: 'mine' });
    expect(listed.conversations.map((c) => c.id)).toEqual([conversationId]);
    expect(listed.counts).toEqual({ mine: 1, unassigned: 1, open: 2, resolved: 0 });

    const resolved = await ada.socket
      .timeout(3000)
      .emitWithAck('conversation:status', { conversationId, status: 'resolved' });
    expect(resolved.ok && resolved.conversation.status).toBe('resolved');
    expect(resolved.ok && resolved.conversation.waitingSince).toBeNull();
    await waitFor(() => resolvedEvents.length === 1, 3000, 'visitor told it was resolved');
    listed = await list(ada.socket, { view: 'resolved' });
    expect(listed.conversations.map((c) => c.id)).toEqual([conversationId]);
    expect(listed.counts).toEqual({ mine: 0, unassigned: 1, open: 1, resolved: 1 });
    // Resolved without an agent's reply: nobody is waiting on it (issue #23: no 'Waiting N min').
    expect(listed.conversations[0]!.waitingSince).toBeNull();

    // 'How did we do?'
    const sync = await visitor.timeout(3000).emitWithAck('conversation:sync', {});
    expect(sync.ok && sync.ratingRequested).toBe(true);
    expect(await visitor.timeout(3000).emitWithAck('rating:send', { rating: 4, comment: 'Quick and kind' })).toEqual({
      ok: true,
    });
    // Asked once, answered once.
    const again = await visitor.timeout(3000).emitWithAck('rating:send', { rating: 1 });
    expect(again.ok).toBe(false);
    const invalid = await visitor.timeout(3000).emitWithAck('rating:send', { rating: 9 as 5 });
    expect(invalid.ok || invalid.error.code).toBe('INVALID_PAYLOAD');
    await waitFor(() => ratings.length >= 1, 3000, 'ratings pushed');
    expect(ratings.at(-1)!.value.last7Days).toEqual({ average: 4, count: 1 });
    expect((await list(ada.socket, { view: 'resolved' })).conversations[0]!.rating).toBe(4);

    await say(visitor, 'One more question, please');
    listed = await list(ada.socket, { view: 'open' });
    expect(listed.conversations.find((c) => c.id === conversationId)!.status).toBe('open');
    expect(listed.conversations.find((c) => c.id === conversationId)!.waitingSince).not.toBeNull();
    expect(listed.counts.resolved).toBe(0);
    other.disconnect();
  });

  it('searches by visitor name, e-mail, message text (FTS5) and reference', async () => {
    h = await startChatHarness();
    const ada = await agentOnline('Ada Obi');
    const { patient } = await patientChatting('My prescription refill is late');
    await newVisitor('Where is your Ikeja clinic?');
    const ids = async (search: string) =>
      (await list(ada.socket, { view: 'open', search })).conversations.map((c) => c.visitorName ?? 'anonymous');

    expect(await ids('Chiamaka')).toEqual(['Chiamaka Nwosu']);
    expect(await ids(patient.user.email.slice(0, 12))).toEqual(['Chiamaka Nwosu']);
    expect(await ids('prescription refill')).toEqual(['Chiamaka Nwosu']);
    expect(await ids('IKEJA')).toEqual(['anonymous']);
    expect(await ids('ke')).toEqual(['anonymous']);
    expect(await ids('nothing like this')).toEqual([]);
    // FTS syntax in a search is text, not a query.
    expect(await ids('"refill" OR *')).toEqual([]);
    const conversationId = (
      await h.db
        .selectFrom('chat_conversations')
        .select('id')
        .where('user_id', '=', patient.user.id)
        .executeTakeFirstOrThrow()
    ).id;
    expect(await ids(`#${conversationId}`)).toEqual(['Chiamaka Nwosu']);
  });
});

describe('team work', () => {
  it('keeps unread counts per agent: one agent opening a room clears only their badge', async () => {
    h = await startChatHarness();
    const ada = await agentOnline('Ada Obi');
    const bola = await agentOnline('Bola Ade');
    const visitor = await newVisitor('Hello?');
    await say(visitor, 'Anyone there?');
    const conversationId = await onlyConversationId();
    const unreadOf = async (agent: Agent) =>
      (await list(agent, {})).conversations.find((c) => c.id === conversationId)!.unreadCount;
    expect(await unreadOf(ada.socket)).toBe(2);
    expect(await unreadOf(bola.socket)).toBe(2);
    const bolaUpdates = collect<ConversationSummary>(bola.socket, 'room:updated');
    expect((await ada.socket.timeout(3000).emitWithAck('conversation:open', { conversationId })).ok).toBe(true);
    expect(await unreadOf(ada.socket)).toBe(0);
    expect(await unreadOf(bola.socket)).toBe(2);
    // Bola's socket gets its updates in order: once the one for a later message is in, any from Ada's open is too.
    await say(visitor, 'Still there?');
    await waitFor(() => bolaUpdates.some((update) => update.value.unreadCount >= 3), 3000, "Bola's next update");
    expect(bolaUpdates.length).toBeGreaterThan(0);
    expect(bolaUpdates.every((update) => update.value.unreadCount >= 2)).toBe(true);
  });

  it("a second agent's Join names who has the room; Ask to transfer reaches them; they transfer it", async () => {
    h = await startChatHarness();
    const ada = await agentOnline('Ada Obi');
    const bola = await agentOnline('Bola Ade');
    const visitor = await newVisitor('I need a doctor');
    const conversationId = await onlyConversationId();
    const visitorRoom = collect<{ agent: { name: string } | null }>(visitor, 'room:updated');
    const asks = collect<{ conversationId: number; from: { id: number; name: string } }>(
      ada.socket,
      'transfer:requested',
    );

    expect((await ada.socket.timeout(3000).emitWithAck('room:join', { conversationId })).ok).toBe(true);
    const join = await bola.socket.timeout(3000).emitWithAck('room:join', { conversationId });
    expect(join.ok).toBe(false);
    if (join.ok) return;
    expect(join.error.code).toBe('ALREADY_CLAIMED');
    expect(join.error.holder).toEqual({ id: ada.user.id, name: 'Ada Obi' });
    expect(join.error.message).toBe('Ada Obi has this conversation. You can ask them to transfer it.');

    // Bola cannot take it by assigning either.
    const grab = await bola.socket.timeout(3000).emitWithAck('room:assign', { conversationId, agentId: bola.user.id });
    expect(grab.ok).toBe(false);

    expect(await bola.socket.timeout(3000).emitWithAck('transfer:request', { conversationId })).toEqual({ ok: true });
    await waitFor(() => asks.length === 1, 3000, 'transfer request');
    expect(asks[0]!.value).toEqual({ conversationId, from: { id: bola.user.id, name: 'Bola Ade' } });

    const transfer = await ada.socket
      .timeout(3000)
      .emitWithAck('room:assign', { conversationId, agentId: bola.user.id });
    expect(transfer.ok && transfer.conversation.assignedAgent).toEqual({ id: bola.user.id, name: 'Bola Ade' });
    await waitFor(() => visitorRoom.at(-1)?.value.agent?.name === 'Bola Ade', 3000, 'visitor sees Bola');
    expect((await list(bola.socket, { view: 'mine' })).conversations.map((c) => c.id)).toEqual([conversationId]);
    const audit = await h.db
      .selectFrom('audit_events')
      .select(['type', 'subject'])
      .where('type', 'in', ['room.assign', 'room.transfer_requested'])
      .execute();
    expect(audit.map((row) => row.type).sort()).toEqual(['room.assign', 'room.transfer_requested']);
  });

  it('shows presence to colleagues: online, away, offline', async () => {
    h = await startChatHarness();
    const ada = await agentOnline('Ada Obi');
    const updates = collect<AgentPresence[]>(ada.socket, 'presence:updated');
    const bola = await agentOnline('Bola Ade');
    const statusOfBola = () => updates.at(-1)?.value.find((member) => member.id === bola.user.id)?.status;
    await waitFor(() => statusOfBola() === 'online', 3000, 'Bola online');
    bola.socket.emit('presence:set', { status: 'away' });
    await waitFor(() => statusOfBola() === 'away', 3000, 'Bola away');
    expect((await list(ada.socket, {})).team.find((member) => member.id === bola.user.id)!.status).toBe('away');
    bola.socket.disconnect();
    await waitFor(() => statusOfBola() === 'offline', 3000, 'Bola offline');
  });
});

describe('the bot on a desk', () => {
  it('acknowledges once per waiting period, not once per message', async () => {
    h = await startChatHarness({
      chat: { burst: { limit: 100, windowMs: 10_000 } },
      env: { CHAT_MESSAGES_PER_MINUTE: '100' },
    });
    const visitor = await newVisitor('Message 1');
    for (let index = 2; index <= 10; index++) await say(visitor, `Message ${index}`);
    await waitFor(async () => (await botMessages()).length > 0, 3000, 'the acknowledgement');
    expect(await owedBotReplies(h.db)).toBe(0);
    expect(await botMessages()).toEqual([chatTexts.botReply]);
  });

  it('tells the visitor a reply is owed only when one is, and that it is settled before it shows (issue #23)', async () => {
    h = await startChatHarness({ chat: { supportClock: ALWAYS_CLOSED, replyDelayMs: 1500 } });
    const visitor = h.visitor({ cookie: h.newVisitorCookie() });
    await connected(visitor);
    const events: { name: string; value: unknown }[] = [];
    visitor.onAny((name: string, value: unknown) => events.push({ name, value }));
    const botTyping = () =>
      events.flatMap((event) =>
        event.name === 'typing:updated' && (event.value as { sender: string }).sender === 'bot' ? [event.value] : [],
      );

    // The acknowledgement comes after the event: by then the visitor knows a reply is owed.
    await say(visitor, 'Are you open now?');
    expect(botTyping()).toEqual([{ sender: 'bot', replyId: expect.any(Number) as number, typing: true }]);
    const { replyId } = botTyping()[0] as { replyId: number };
    // A reload while it is owed is told too (the reply is 1.5 s away).
    const owed = await visitor.timeout(3000).emitWithAck('conversation:sync', {});
    expect(owed.ok && owed.botReplyOwed).toBe(replyId);

    await waitFor(async () => (await botMessages()).length === 1, 5000, 'offline reply');
    await waitFor(() => botTyping().length === 2, 3000, 'reply settled');
    expect(botTyping()[1]).toEqual({ sender: 'bot', replyId, typing: false });
    const settledAt = events.findIndex((event) => event.value === botTyping()[1]);
    const replyAt = events.findIndex(
      (event) => event.name === 'message:created' && (event.value as ChatMessage).sender === 'bot',
    );
    expect(settledAt).toBeGreaterThan(-1);
    expect(replyAt).toBeGreaterThan(settledAt);
    const settled = await visitor.timeout(3000).emitWithAck('conversation:sync', {});
    expect(settled.ok && settled.botReplyOwed).toBeNull();

    // The same waiting period: the bot answers the contact question at once, and owes nothing more.
    await say(visitor, 'tomorrow maybe');
    await say(visitor, 'Thanks');
    expect(botTyping()).toHaveLength(2);
    expect(await botMessages()).toEqual([chatTexts.botOffline('on Monday at 08:00'), chatTexts.contactInvalid]);
  });

  it('outside office hours says when the team is back, asks for a contact, validates and stores it', async () => {
    h = await startChatHarness({ chat: { supportClock: ALWAYS_CLOSED } });
    const ada = await agentOnline('Ada Obi');
    const visitor = await newVisitor('Are you open now?');
    await waitFor(async () => (await botMessages()).length === 1, 3000, 'offline reply');
    expect((await botMessages())[0]).toBe(chatTexts.botOffline('on Monday at 08:00'));
    expect((await botMessages())[0]).toContain('(Lagos time)');

    await say(visitor, 'tomorrow maybe');
    await waitFor(async () => (await botMessages()).length === 2, 3000, 'invalid answer');
    expect((await botMessages())[1]).toBe(chatTexts.contactInvalid);

    await say(visitor, 'You can reach me on 0803 123 4567 on WhatsApp');
    await waitFor(async () => (await botMessages()).length === 3, 3000, 'saved');
    expect((await botMessages())[2]).toBe(chatTexts.contactSaved('+2348031234567', 'whatsapp'));
    const summary = (await list(ada.socket, {})).conversations[0]!;
    expect(summary.followUpContact).toEqual({ kind: 'whatsapp', value: '+2348031234567' });
    // Found by the number however the desk writes it (caller ID shows +234; issue #23.4), not only as it was typed.
    for (const search of ['+234 803 123 4567', '08031234567', '234-803-123-4567']) {
      expect((await list(ada.socket, { view: 'open', search })).conversations, search).toHaveLength(1);
    }

    // No more questions, no more acknowledgements in this waiting period.
    await say(visitor, 'Thanks');
    expect(await owedBotReplies(h.db)).toBe(0);
    expect(await botMessages()).toHaveLength(3);
  });

  it('a Pidgin emergency marks the room urgent, sends the emergency reply, and no "general inquiries" line', async () => {
    h = await startChatHarness();
    const ada = await agentOnline('Ada Obi');
    const updates = collect<ConversationSummary>(ada.socket, 'room:updated');
    await newVisitor('Just a question about prices');
    const visitor = await newVisitor('Abeg help, my chest dey pain me well well');
    await waitFor(async () => (await botMessages()).length === 3, 3000, 'emergency reply and acknowledgement');
    const urgentId = (
      await h.db
        .selectFrom('chat_conversations')
        .select('id')
        .where('urgent_at', 'is not', null)
        .executeTakeFirstOrThrow()
    ).id;
    const replies = await botMessages(urgentId);
    expect(replies).toEqual([chatTexts.emergencyReply, chatTexts.botReplyAfterEmergency]);
    expect(replies.join(' ')).not.toContain('general inquiries');
    await waitFor(() => updates.some((u) => u.value.id === urgentId && u.value.urgent), 3000, 'urgent pushed');
    // Urgent rooms come first in every list, until resolved.
    const listed = await list(ada.socket, { view: 'open' });
    expect(listed.conversations[0]!.id).toBe(urgentId);
    expect(listed.conversations[0]!.urgent).toBe(true);
    await ada.socket.timeout(3000).emitWithAck('conversation:status', { conversationId: urgentId, status: 'resolved' });
    expect((await list(ada.socket, { view: 'resolved' })).conversations[0]!.urgent).toBe(false);
    visitor.disconnect();
  });

  it("when the joined agent's console drops, the visitor is told and a message in the gap is acknowledged", async () => {
    h = await startChatHarness({ chat: { agentGraceMs: 300 } });
    const ada = await agentOnline('Ada Obi');
    const visitor = await newVisitor('Hello');
    const conversationId = await onlyConversationId();
    await waitFor(async () => (await botMessages()).length === 1, 3000, 'first acknowledgement');
    const room = collect<{ agent: { name: string } | null }>(visitor, 'room:updated');
    await ada.socket.timeout(3000).emitWithAck('room:join', { conversationId });
    await ada.socket.timeout(3000).emitWithAck('message:send', {
      conversationId,
      clientId: randomUUID(),
      message: 'Hi, I am Ada. How can I help?',
    });
    ada.socket.disconnect();
    await say(visitor, 'I want to book a scan'); // in the gap
    await waitFor(() => room.at(-1)?.value.agent === null, 3000, 'visitor told the agent left');
    await waitFor(async () => (await botMessages()).length === 2, 3000, 'gap acknowledged');
    expect((await botMessages())[1]).toBe(chatTexts.botReply);
  });
});

describe('follow-up when the visitor has gone', () => {
  it("e-mails an agent's reply to a patient with no chat open, once, linking back to the chat", async () => {
    h = await startChatHarness({ chat: { followUpAfterMs: 300 } });
    const ada = await agentOnline('Ada Obi');
    const { patient, patientSocket } = await patientChatting('Can I change my appointment?');
    const conversationId = await onlyConversationId();
    patientSocket.disconnect();
    await ada.socket.timeout(3000).emitWithAck('room:join', { conversationId });
    await ada.socket.timeout(3000).emitWithAck('message:send', {
      conversationId,
      clientId: randomUUID(),
      message: 'Yes, Thursday at 10:00 works.',
    });
    await ada.socket
      .timeout(3000)
      .emitWithAck('message:send', { conversationId, clientId: randomUUID(), message: 'Shall I book it?' });
    const mails = () => h.db.selectFrom('mail_outbox').selectAll().where('kind', '=', 'chat_follow_up').execute();
    await waitFor(async () => (await mails()).length === 1, 4000, 'follow-up mail');
    // The owed follow-up is deleted in the transaction that queues the mail: none left, no second mail can come.
    expect(await h.db.selectFrom('chat_pending_followups').selectAll().execute()).toEqual([]);
    const [mail] = await mails();
    expect(mail!.to_address).toBe(patient.user.email);
    expect(mail!.text_body).toContain('Yes, Thursday at 10:00 works.');
    expect(mail!.text_body).toContain('Shall I book it?');
    expect(mail!.text_body).toContain('/#chat');
    expect(await mails()).toHaveLength(1);
  });

  it("texts an agent's reply to a visitor who left a WhatsApp number out of hours, which recorded their consent", async () => {
    h = await startChatHarness({ chat: { supportClock: ALWAYS_CLOSED, followUpAfterMs: 300 } });
    const ada = await agentOnline('Ada Obi');
    const visitor = await newVisitor('Do you do home visits?');
    await waitFor(async () => (await botMessages()).length === 1, 3000, 'offline reply');
    await say(visitor, 'WhatsApp me on 0803 123 4567');
    await waitFor(async () => (await botMessages()).length === 2, 3000, 'saved');
    const consent = await h.db.selectFrom('message_consents').selectAll().executeTakeFirstOrThrow();
    expect(consent).toMatchObject({
      phone_e164: '+2348031234567',
      channel: 'whatsapp',
      action: 'granted',
      source: 'chat',
      wording_version: CHAT_CONSENT_WORDING_VERSION,
    });
    visitor.disconnect();
    const conversationId = await onlyConversationId();
    await ada.socket.timeout(3000).emitWithAck('room:join', { conversationId });
    await ada.socket
      .timeout(3000)
      .emitWithAck('message:send', { conversationId, clientId: randomUUID(), message: 'Yes, in Lekki and Ikoyi.' });
    const texts = () => h.db.selectFrom('outbound_messages').selectAll().execute();
    await waitFor(async () => (await texts()).length === 1, 4000, 'follow-up text');
    const [text] = await texts();
    expect(text).toMatchObject({
      recipient: '+2348031234567',
      channel: 'whatsapp',
      template: 'chat_reply',
      conversation_id: conversationId,
    });
    expect(text!.text_body).toContain('Yes, in Lekki and Ikoyi.');
    expect(await h.db.selectFrom('chat_pending_followups').selectAll().execute()).toEqual([]);
  });

  it('sends nothing when the visitor is still there', async () => {
    h = await startChatHarness({ chat: { followUpAfterMs: 200 } });
    const ada = await agentOnline('Ada Obi');
    const { patientSocket } = await patientChatting('Hello');
    const conversationId = await onlyConversationId();
    await ada.socket.timeout(3000).emitWithAck('room:join', { conversationId });
    await ada.socket
      .timeout(3000)
      .emitWithAck('message:send', { conversationId, clientId: randomUUID(), message: 'Hi!' });
    const received = collect<ChatMessage>(patientSocket, 'message:created');
    // When the follow-up comes due, a visitor still here postpones it (its due time moves on) instead of a mail.
    const followUpDue = async () =>
      (await h.db.selectFrom('chat_pending_followups').select('due_at').executeTakeFirst())?.due_at;
    await waitFor(async () => (await followUpDue()) !== undefined, 3000, 'the follow-up owed');
    const firstDue = await followUpDue();
    await waitFor(async () => (await followUpDue()) !== firstDue, 3000, 'the follow-up postponed');
    expect(await h.db.selectFrom('mail_outbox').selectAll().where('kind', '=', 'chat_follow_up').execute()).toEqual([]);
    expect(received.length).toBe(0);
  });
});

describe('one identity', () => {
  it('a visitor who logs in mid-chat continues as the patient: the conversation is merged, the widget reconnects', async () => {
    h = await startChatHarness();
    const ada = await agentOnline('Ada Obi');
    const cookie = h.newVisitorCookie();
    const visitor = h.visitor({ cookie });
    await connected(visitor);
    await say(visitor, 'Before I log in');
    const changed = collect(visitor, 'identity:changed');
    const patient = await h.userSession('patient', 'Chiamaka Nwosu');
    h.sessionEvents.signedIn(patient.user.id, `${cookie}; ${patient.cookie}`);
    await waitFor(() => changed.length === 1, 3000, 'identity changed');
    const rows = await h.db.selectFrom('chat_conversations').select(['visitor_key', 'user_id']).execute();
    expect(rows).toEqual([{ visitor_key: `u:${patient.user.id}`, user_id: patient.user.id }]);
    const asPatient = h.visitor({ cookie: `${cookie}; ${patient.cookie}` });
    await connected(asPatient);
    const sync = await asPatient.timeout(3000).emitWithAck('conversation:sync', {});
    expect(
      sync.ok && sync.messages.filter((m: ChatMessage) => m.sender === 'user').map((m: ChatMessage) => m.message),
    ).toEqual(['Before I log in']);
    const summary = (await list(ada.socket, {})).conversations[0]!;
    expect([summary.visitorName, summary.visitorEmail]).toEqual(['Chiamaka Nwosu', patient.user.email]);
  });

  it("merges into the patient's existing conversation instead of replacing it", async () => {
    h = await startChatHarness();
    const patient = await h.userSession('patient', 'Chiamaka Nwosu');
    const asPatient = h.visitor({ cookie: patient.cookie });
    await connected(asPatient);
    await say(asPatient, 'Last week');
    asPatient.disconnect();
    const cookie = h.newVisitorCookie();
    const visitor = h.visitor({ cookie });
    await connected(visitor);
    await say(visitor, 'Today, not logged in');
    h.sessionEvents.signedIn(patient.user.id, cookie);
    await waitFor(
      async () => (await h.db.selectFrom('chat_conversations').select('id').execute()).length === 1,
      3000,
      'merged',
    );
    const messages = await h.db
      .selectFrom('chat_messages')
      .select('message')
      .where('sender', '=', 'user')
      .orderBy('id')
      .execute();
    expect(messages.map((m) => m.message)).toEqual(['Last week', 'Today, not logged in']);
  });
});

describe('after the conversation', () => {
  it('e-mails the transcript to a known address and refuses when none is known; downloads need staff', async () => {
    h = await startChatHarness();
    const ada = await agentOnline('Ada Obi');
    const { patient } = await patientChatting('Please send me this chat <b>bold</b>');
    const patientConversation = await onlyConversationId();
    await newVisitor('Anonymous question');
    const anonymousConversation = (
      await h.db.selectFrom('chat_conversations').select('id').where('user_id', 'is', null).executeTakeFirstOrThrow()
    ).id;

    const sent = await ada.socket
      .timeout(3000)
      .emitWithAck('transcript:email', { conversationId: patientConversation });
    expect(sent).toEqual({ ok: true, sentTo: patient.user.email });
    const mail = await h.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('kind', '=', 'chat_transcript')
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain('Please send me this chat <b>bold</b>');
    // An agent sends it, asked or not (issue #23).
    expect(mail.text_body).toContain(
      `Here is the transcript of your chat #${patientConversation} with our support team.`,
    );
    expect(mail.text_body).not.toContain('as you asked');
    expect(mail.html_body).toContain('&lt;b&gt;bold&lt;/b&gt;');
    const refused = await ada.socket
      .timeout(3000)
      .emitWithAck('transcript:email', { conversationId: anonymousConversation });
    expect(refused.ok || refused.error.code).toBe('NO_ADDRESS');

    const url = `${h.baseUrl}/staff/chats/${patientConversation}/transcript.txt`;
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(url, { headers: { cookie: patient.cookie } })).status).toBe(403);
    const download = await fetch(url, { headers: { cookie: ada.cookie } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain(`chat-${patientConversation}.txt`);
    const text = await download.text();
    expect(text).toContain(`conversation #${patientConversation}`);
    expect(text).toContain('Chiamaka Nwosu:');
    expect(
      (await fetch(`${h.baseUrl}/staff/chats/999999/transcript.txt`, { headers: { cookie: ada.cookie } })).status,
    ).toBe(404);
  });

  it('canned replies: admins add, edit and delete them (pushed to every console); agents may not', async () => {
    h = await startChatHarness();
    const agent = await agentOnline('Ada Obi');
    const admin = await agentOnline('Kemi Admin', 'admin');
    const pushed = collect<{ id: number; title: string; body: string }[]>(agent.socket, 'canned:updated');
    const before = (await list(agent.socket, {})).cannedReplies.length;
    expect(before).toBeGreaterThan(0);

    const refused = await agent.socket.timeout(3000).emitWithAck('canned:save', { title: 'Mine', body: 'Hello' });
    expect(refused.ok || refused.error.code).toBe('FORBIDDEN');
    const empty = await admin.socket.timeout(3000).emitWithAck('canned:save', { title: '', body: 'Hello' });
    expect(empty.ok || empty.error.message).toBe('Enter a title.');

    const saved = await admin.socket
      .timeout(3000)
      .emitWithAck('canned:save', { title: 'Opening hours', body: 'We are open Monday to Friday.' });
    expect(saved.ok).toBe(true);
    if (!saved.ok) return;
    await waitFor(() => pushed.some((p) => p.value.some((r) => r.title === 'Opening hours')), 3000, 'pushed');
    const edited = await admin.socket
      .timeout(3000)
      .emitWithAck('canned:save', { id: saved.reply.id, title: 'Opening hours', body: 'Mon–Fri, 08:00 to 18:00.' });
    expect(edited.ok && edited.reply.body).toBe('Mon–Fri, 08:00 to 18:00.');
    expect(await admin.socket.timeout(3000).emitWithAck('canned:delete', { id: saved.reply.id })).toEqual({ ok: true });
    expect((await list(agent.socket, {})).cannedReplies).toHaveLength(before);
    const audit = await h.db.selectFrom('audit_events').select('type').where('type', 'like', 'canned.%').execute();
    expect(audit.map((row) => row.type)).toEqual(['canned.save', 'canned.save', 'canned.delete']);
  });
});

describe('access', () => {
  it('every desk event is behind the staff handshake: patients and anonymous visitors never reach it', async () => {
    h = await startChatHarness();
    const patient = await h.userSession('patient');
    for (const cookie of [undefined, patient.cookie]) {
      const socket = h.agentSocket({ cookie, reconnection: false });
      const error = await new Promise<Error & { data?: { code: string } }>((resolve) =>
        socket.once('connect_error', (e) => resolve(e as Error & { data?: { code: string } })),
      );
      expect(['UNAUTHORIZED', 'FORBIDDEN']).toContain(error.data?.code);
    }
    // Counts pushed to an agent are theirs only ('Mine' differs).
    const ada = await agentOnline('Ada Obi');
    const counts = collect<ChatViewCounts>(ada.socket, 'counts:updated');
    await newVisitor('Hello');
    await waitFor(() => counts.length > 0, 3000, 'counts');
    expect(counts.at(-1)!.value).toEqual({ mine: 0, unassigned: 1, open: 1, resolved: 0 });
  });
});
