/**
 * WhatsApp inside the chat desk (issue #30): each number is a conversation, a message is stored once however often
 * Meta repeats it, the desk rules apply, and every bot and agent message goes back through the outbox to the driver,
 * free text only inside the 24-hour window.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatMessage, ConversationSummary } from '../../../shared/chat-events';
import { chatTexts } from '../../../shared/chat-texts';
import { whatsAppDeskTexts } from '../../../shared/messaging/whatsapp-desk';
import { startMessagingWorker, type MessagingWorker } from '../../../server/messaging/messaging-worker';
import type { DriverMessage, MessagingDriver } from '../../../server/messaging/messaging-types';
import { ALWAYS_CLOSED, collect, connected, startChatHarness, type ChatHarness } from '../../helpers/socket-harness';
import { runRetention } from '../../../server/retention/retention';
import { REQUEST_RETENTION_MONTHS } from '../../../shared/constants';
import { waitFor } from '../../helpers/wait-for';
import {
  TEST_APP_SECRET,
  postWhatsApp,
  signWhatsApp,
  whatsAppMessageBody,
  whatsAppStatusBody,
} from '../../helpers/whatsapp-webhook';

let h: ChatHarness;
let worker: MessagingWorker | undefined;
afterEach(async () => {
  await worker?.stop();
  worker = undefined;
  await h.close();
});

const PATIENT = '+2348031234567';
const PIDGIN_EMERGENCY = 'abeg my chest dey pain me well well, I no fit breathe';

async function start(options: { closed?: boolean } = {}) {
  h = await startChatHarness({
    env: { WHATSAPP_APP_SECRET: TEST_APP_SECRET, WHATSAPP_VERIFY_TOKEN: 'verify-desk' },
    ...(options.closed ? { chat: { supportClock: ALWAYS_CLOSED } } : {}),
  });
  const sent: DriverMessage[] = [];
  const driver: MessagingDriver = {
    name: 'whatsapp',
    channel: 'whatsapp',
    receipts: true,
    send: (message) => {
      sent.push(message);
      return Promise.resolve({ providerId: `wamid.out${sent.length}` });
    },
  };
  worker = startMessagingWorker({
    db: h.db,
    env: h.env,
    logger: h.services.logger,
    messaging: h.services.messaging,
    mail: h.services.mail,
    drivers: { whatsapp: driver },
    deskInbox: h.services.deskInbox,
    pollMs: 60_000,
  });
  return { sent };
}

async function agentConsole(name = 'Ada Obi') {
  const agent = await h.userSession('agent', name);
  const socket = h.agentSocket({ cookie: agent.cookie });
  await connected(socket);
  return { agent, socket };
}

const conversations = () => h.db.selectFrom('chat_conversations').selectAll().execute();
const messagesOf = (conversationId: number) =>
  h.db.selectFrom('chat_messages').selectAll().where('conversation_id', '=', conversationId).orderBy('id').execute();
const outboxOf = (conversationId: number) =>
  h.db
    .selectFrom('outbound_messages')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .orderBy('id')
    .execute();

async function writes(text: string, options: { id?: string; at?: Date; from?: string } = {}) {
  const response = await postWhatsApp(h.baseUrl, whatsAppMessageBody(options.from ?? PATIENT, text, options));
  expect(response.status).toBe(200);
  return response;
}

/** Waits for the bot's acknowledgement of the first message (so the outbox holds what it will hold). */
const botAnswered = (conversationId: number, count = 1) =>
  waitFor(
    async () => (await messagesOf(conversationId)).filter((m) => m.sender === 'bot').length >= count,
    5000,
    'the bot answered',
  );

describe('WhatsApp in the desk', () => {
  it('stores a message once however often Meta repeats it, also two deliveries at the same moment', async () => {
    await start();
    const { socket } = await agentConsole();
    const live = collect<{ conversationId: number; message: ChatMessage }>(socket, 'message:created');

    const body = whatsAppMessageBody(PATIENT, 'Hello, I want to book a check-up', { id: 'wamid.REPEAT1' });
    for (let i = 0; i < 3; i++) expect((await postWhatsApp(h.baseUrl, body)).status).toBe(200);
    const twin = whatsAppMessageBody(PATIENT, 'Is Saturday possible?', { id: 'wamid.TWIN1' });
    const answers = await Promise.all([postWhatsApp(h.baseUrl, twin), postWhatsApp(h.baseUrl, twin)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);

    const [conversation, ...others] = await conversations();
    expect(others).toEqual([]);
    expect(conversation).toMatchObject({
      channel: 'whatsapp',
      whatsapp_phone: PATIENT,
      visitor_key: `wa:${PATIENT}`,
      contact_phone: PATIENT,
    });
    const userMessages = (await messagesOf(conversation!.id)).filter((m) => m.sender === 'user');
    expect(userMessages.map((m) => [m.message, m.client_id])).toEqual([
      ['Hello, I want to book a check-up', 'wa:wamid.REPEAT1'],
      ['Is Saturday possible?', 'wa:wamid.TWIN1'],
    ]);
    await waitFor(
      () => live.filter((event) => event.value.message.sender === 'user').length === 2,
      5000,
      'both messages live to the agent',
    );

    const listed = await socket.timeout(3000).emitWithAck('conversation:list', { view: 'open' });
    if (!listed.ok) throw new Error(listed.error.message);
    const summary = listed.conversations.find((c: ConversationSummary) => c.id === conversation!.id)!;
    expect(summary.channel).toBe('whatsapp');
    // Search finds it by the number, however it is typed.
    for (const search of ['0803 123 4567', '+2348031234567', '8031234567']) {
      const found = await socket.timeout(3000).emitWithAck('conversation:list', { view: 'open', search });
      if (!found.ok) throw new Error(found.error.message);
      expect(found.conversations.map((c: ConversationSummary) => c.id)).toEqual([conversation!.id]);
    }
    expect(Date.parse(summary.whatsApp?.windowEndsAt ?? '')).toBeGreaterThan(Date.now() + 23 * 3600_000);
  });

  it('refuses a bad signature with 401 and stores nothing', async () => {
    await start();
    const body = whatsAppMessageBody(PATIENT, 'Hello');
    expect((await postWhatsApp(h.baseUrl, body, signWhatsApp(body, 'another-secret'))).status).toBe(401);
    expect((await postWhatsApp(h.baseUrl, body, 'sha256=00')).status).toBe(401);
    expect(await conversations()).toEqual([]);
    expect(await h.db.selectFrom('chat_messages').selectAll().execute()).toEqual([]);
  });

  it('keeps a media message as an empty message, so staff see the patient wrote', async () => {
    await start();
    await postWhatsApp(h.baseUrl, whatsAppMessageBody(PATIENT, '', { type: 'image' }));
    const [conversation] = await conversations();
    expect((await messagesOf(conversation!.id)).filter((m) => m.sender === 'user').map((m) => m.message)).toEqual(['']);
  });

  it('turns a red flag in Pidgin into an Urgent room and sends the emergency numbers back on WhatsApp', async () => {
    const { sent } = await start();
    await writes(PIDGIN_EMERGENCY);
    const [conversation] = await conversations();
    expect(conversation!.urgent_at).not.toBeNull();
    await botAnswered(conversation!.id, 2);
    const outbox = await outboxOf(conversation!.id);
    expect(outbox[0]!.text_body.startsWith(chatTexts.emergencyReply)).toBe(true);
    expect(outbox.every((row) => row.channel === 'whatsapp' && row.recipient === PATIENT)).toBe(true);
    await worker!.runOnce();
    expect(sent[0]!.to).toBe(PATIENT);
    expect(sent[0]!.text).toContain('112');
    // The first reply carries the notice about Meta, and only the first.
    expect(sent.filter((message) => message.text.includes('WhatsApp, run by Meta'))).toHaveLength(1);
    expect(sent[0]!.text).toContain('/privacy-policy');
  });

  it("sends an agent's reply inside the window, with receipts on it, and refuses free text after it", async () => {
    const { sent } = await start();
    const { socket } = await agentConsole();
    const deliveries = collect<{ messageId: number; status: string }>(socket, 'message:delivery');
    await writes('Good morning, do you do home visits?');
    const [conversation] = await conversations();
    await botAnswered(conversation!.id);
    expect((await socket.timeout(3000).emitWithAck('room:join', { conversationId: conversation!.id })).ok).toBe(true);

    const reply = await socket.timeout(3000).emitWithAck('message:send', {
      conversationId: conversation!.id,
      clientId: randomUUID(),
      message: 'Yes, we do home visits in Lagos.',
    });
    if (!reply.ok) throw new Error(reply.error.message);
    await worker!.runOnce();
    const out = sent.find((message) => message.text.startsWith('Yes, we do home visits'))!;
    expect(out.to).toBe(PATIENT);
    expect(out.whatsappTemplate).toBeUndefined();
    const row = (await outboxOf(conversation!.id)).find((r) => r.chat_message_id === reply.message.id)!;
    expect(row.status).toBe('sent');
    expect((await postWhatsApp(h.baseUrl, whatsAppStatusBody(row.provider_id!, 'read', PATIENT))).status).toBe(200);
    await waitFor(
      () => deliveries.some((d) => d.value.messageId === reply.message.id && d.value.status === 'read'),
      5000,
      'the read receipt on the agent message',
    );
    const opened = await socket.timeout(3000).emitWithAck('conversation:open', { conversationId: conversation!.id });
    if (!opened.ok) throw new Error(opened.error.message);
    expect(opened.messages.find((m: ChatMessage) => m.id === reply.message.id)!.delivery).toBe('read');

    // The patient's latest message was 25 hours ago, as Meta dates it: the window has closed.
    await writes('Thank you', { at: new Date(Date.now() - 25 * 3600_000) });
    const late = await socket.timeout(3000).emitWithAck('message:send', {
      conversationId: conversation!.id,
      clientId: randomUUID(),
      message: 'Are you still there?',
    });
    expect(late.ok).toBe(false);
    if (late.ok) return;
    expect(late.error).toEqual({ code: 'WINDOW_CLOSED', message: whatsAppDeskTexts.windowClosedError });
    expect((await messagesOf(conversation!.id)).some((m) => m.message === 'Are you still there?')).toBe(false);

    const template = await socket.timeout(3000).emitWithAck('whatsapp:template', {
      conversationId: conversation!.id,
      clientId: randomUUID(),
      template: 'desk_answer_ready',
    });
    if (!template.ok) throw new Error(template.error.message);
    await worker!.runOnce();
    expect(sent.at(-1)!.whatsappTemplate).toEqual({ name: 'desk_answer_ready', language: 'en', parameters: [] });
    const unknown = await socket.timeout(3000).emitWithAck('whatsapp:template', {
      conversationId: conversation!.id,
      clientId: randomUUID(),
      template: 'not_approved',
    });
    expect(unknown.ok).toBe(false);
  });

  it('joins a web visitor who continues on WhatsApp to the same conversation', async () => {
    await start();
    const visitor = h.visitor({ cookie: h.newVisitorCookie() });
    await connected(visitor);
    const first = await visitor
      .timeout(3000)
      .emitWithAck('message:send', { clientId: randomUUID(), message: 'I need a lab test price' });
    if (!first.ok) throw new Error(first.error.message);
    const [web] = await conversations();
    visitor.emit('whatsapp:opened', {});
    await waitFor(async () => (await conversations())[0]!.whatsapp_at !== null, 5000, 'the switch marked');

    await writes(chatTexts.whatsAppText(`#${web!.id}`));
    const all = await conversations();
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ id: web!.id, channel: 'whatsapp', whatsapp_phone: PATIENT });
    expect(all[0]!.whatsapp_joined_at).not.toBeNull();
    expect((await messagesOf(web!.id)).filter((m) => m.sender === 'user').map((m) => m.message)).toEqual([
      'I need a lab test price',
      chatTexts.whatsAppText(`#${web!.id}`),
    ]);
    // A reference nobody pressed 'Continue on WhatsApp' for joins nothing.
    await writes(chatTexts.whatsAppText(`#${web!.id + 50}`), { from: '+2348039999999' });
    expect(await conversations()).toHaveLength(2);
  });

  it('out of hours the bot says when the team is back and that the answer comes on WhatsApp, asking for no contact', async () => {
    const { sent } = await start({ closed: true });
    await writes('Hello, are you there?');
    const [conversation] = await conversations();
    await botAnswered(conversation!.id);
    const expected = chatTexts.botOfflineKnownContact('on Monday at 08:00', 'WhatsApp');
    expect((await messagesOf(conversation!.id)).filter((m) => m.sender === 'bot').map((m) => m.message)).toEqual([
      expected,
    ]);
    expect((await conversations())[0]!.awaiting_contact).toBe(0);
    await worker!.runOnce();
    expect(sent.map((message) => message.text.startsWith(expected))).toEqual([true]);
  });

  it('asks "How did we do?" on resolve only inside the window, takes a 1 to 5 as the rating, and STOP ends the question but not answers', async () => {
    const { sent } = await start();
    const { socket } = await agentConsole();
    await writes('Please what time do you open?');
    const [conversation] = await conversations();
    const id = conversation!.id;
    await botAnswered(id);
    expect((await socket.timeout(3000).emitWithAck('room:join', { conversationId: id })).ok).toBe(true);
    const resolved = await socket
      .timeout(3000)
      .emitWithAck('conversation:status', { conversationId: id, status: 'resolved' });
    expect(resolved.ok).toBe(true);
    const asks = async () => (await outboxOf(id)).filter((row) => row.template === 'whatsapp_rating');
    await waitFor(async () => (await asks()).length === 1, 5000, 'the rating question queued');
    expect((await asks())[0]!.text_body).toBe(whatsAppDeskTexts.ratingAsk);
    await writes('5');
    const ratings = await h.db.selectFrom('chat_ratings').selectAll().where('conversation_id', '=', id).execute();
    expect(ratings.map((rating) => rating.rating)).toEqual([5]);

    // STOP: the consent machinery withdraws WhatsApp; a rating question then goes nowhere, an answer still goes.
    await writes('STOP');
    const consent = await h.db.selectFrom('message_consents').selectAll().where('phone_e164', '=', PATIENT).execute();
    expect(consent.map((row) => [row.channel, row.action])).toEqual([['whatsapp', 'withdrawn']]);
    await worker!.runOnce();
    const before = sent.length;
    await writes('One more question please');
    const reopened = await socket.timeout(3000).emitWithAck('room:join', { conversationId: id });
    expect(reopened.ok).toBe(true);
    const answer = await socket.timeout(3000).emitWithAck('message:send', {
      conversationId: id,
      clientId: randomUUID(),
      message: 'Of course, go ahead.',
    });
    expect(answer.ok).toBe(true);
    expect(
      (await socket.timeout(3000).emitWithAck('conversation:status', { conversationId: id, status: 'resolved' })).ok,
    ).toBe(true);
    await waitFor(async () => (await asks()).length === 2, 5000, 'the second rating question queued');
    await worker!.runOnce();
    const after = sent.slice(before).map((message) => message.text);
    expect(after).toContain('Of course, go ahead.');
    expect(after).not.toContain(whatsAppDeskTexts.ratingAsk);
    expect((await asks())[1]!.status).toBe('cancelled');

    // Outside the window no question is asked.
    await writes('Bye', { at: new Date(Date.now() - 25 * 3600_000) });
    expect(
      (await socket.timeout(3000).emitWithAck('conversation:status', { conversationId: id, status: 'resolved' })).ok,
    ).toBe(true);
    expect(await asks()).toHaveLength(2);
  });

  it('retention takes the words and number out of the outbox with the chat messages they carried', async () => {
    await start();
    await writes('Hello from WhatsApp');
    const [conversation] = await conversations();
    await botAnswered(conversation!.id);
    const future = new Date(Date.now() + 400 * 24 * 3600_000);
    await runRetention(h.db, { now: future, requestMonths: REQUEST_RETENTION_MONTHS });
    const rows = await h.db.selectFrom('outbound_messages').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.recipient === '' && !row.text_body.includes('Thank you'))).toBe(true);
  });
});
