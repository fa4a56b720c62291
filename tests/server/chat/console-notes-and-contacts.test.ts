/**
 * The chat console at a glance and one view of the patient (issue #29.3, #29.4), over real sockets: private notes
 * reach colleagues and never the visitor (not live, not in the history on reconnect, not in the transcript e-mail);
 * list previews are the visitor's words; the rating's comment comes with it; agents add or correct contact details
 * with named-field errors, audited, and the transcript then goes to the address they gave.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatMessage, ChatNote, ConversationListResult } from '../../../shared/chat-events';
import { CONTACT_PHONE_INVALID_MESSAGE } from '../../../shared/schemas/chat';
import { EMAIL_FORMAT_MESSAGE, PHONE_FORMAT_MESSAGE } from '../../../shared/schemas/field-rules';
import {
  ALWAYS_CLOSED,
  collect,
  connected,
  say,
  startChatHarness,
  type ChatHarness,
} from '../../helpers/socket-harness';
import { waitFor } from '../../helpers/wait-for';

let h: ChatHarness;
afterEach(async () => {
  await h.close();
});

type Visitor = ReturnType<ChatHarness['visitor']>;

async function agentOnline(name: string, role: 'agent' | 'admin' = 'agent') {
  const staff = await h.userSession(role, name);
  const socket = h.agentSocket({ cookie: staff.cookie });
  await connected(socket);
  return { ...staff, socket };
}

async function newVisitor(first: string) {
  const visitor = h.visitor({ cookie: h.newVisitorCookie() });
  await connected(visitor);
  await say(visitor, first);
  return visitor;
}

/** Every event a socket receives, whatever its name, as JSON text (to look for a note anywhere in it). */
function everything(socket: Visitor) {
  const seen: string[] = [];
  socket.onAny((event: string, ...args: unknown[]) => seen.push(`${event} ${JSON.stringify(args)}`));
  return seen;
}

const conversationIdOf = async (visitorMessage: string) =>
  (
    await h.db
      .selectFrom('chat_messages')
      .select('conversation_id')
      .where('message', '=', visitorMessage)
      .executeTakeFirstOrThrow()
  ).conversation_id;

const list = async (socket: Awaited<ReturnType<typeof agentOnline>>['socket']): Promise<ConversationListResult> => {
  const result = await socket.timeout(3000).emitWithAck('conversation:list', {});
  if (!result.ok) throw new Error(result.error.message);
  return result;
};

describe('private notes', () => {
  it('reach every agent and never the visitor: not live, not on reconnect, not in the transcript e-mail', async () => {
    h = await startChatHarness();
    const ada = await agentOnline('Ada Obi');
    const bola = await agentOnline('Bola Ade');
    const visitor = await newVisitor('I need to move my appointment');
    const conversationId = await conversationIdOf('I need to move my appointment');
    const heardByVisitor = everything(visitor);
    const bolaNotes = collect<{ conversationId: number; note: ChatNote }>(bola.socket, 'note:created');
    const secret = 'Caller sounded distressed; check the lab result before calling back';

    expect((await ada.socket.timeout(3000).emitWithAck('room:join', { conversationId })).ok).toBe(true);
    const saved = await ada.socket.timeout(3000).emitWithAck('note:add', { conversationId, body: `  ${secret}  ` });
    expect(saved.ok && saved.note).toMatchObject({ body: secret, agentName: 'Ada Obi' });
    await waitFor(() => bolaNotes.length === 1, 3000, "the note reaches Bola's console");
    expect(bolaNotes[0]!.value).toMatchObject({ conversationId, note: { body: secret, agentName: 'Ada Obi' } });

    // An agent reply after the note reaches the visitor, so anything the note set off would have arrived by then.
    const reply = await ada.socket
      .timeout(3000)
      .emitWithAck('message:send', { conversationId, clientId: randomUUID(), message: 'Happy to help with that.' });
    expect(reply.ok).toBe(true);
    await waitFor(() => heardByVisitor.some((line) => line.includes('Happy to help')), 3000, 'the reply arrives');
    expect(heardByVisitor.filter((line) => line.includes('lab result'))).toEqual([]);

    // Bola opens the conversation: the note is there, marked as a note (apart from the messages).
    const opened = await bola.socket.timeout(3000).emitWithAck('conversation:open', { conversationId });
    expect(opened.ok && opened.notes.map((note: ChatNote) => note.body)).toEqual([secret]);
    expect(opened.ok && opened.messages.some((message: ChatMessage) => message.message.includes('lab result'))).toBe(
      false,
    );

    // The visitor comes back: the history has the messages, not the note.
    visitor.disconnect();
    visitor.connect();
    await connected(visitor);
    const sync = await visitor.timeout(3000).emitWithAck('conversation:sync', {});
    expect(sync.ok && sync.messages.map((message: ChatMessage) => message.message)).toContain(
      'Happy to help with that.',
    );
    expect(JSON.stringify(sync)).not.toContain('lab result');

    // The transcript e-mail (to the address an agent added) has the messages, not the note.
    const contact = await ada.socket
      .timeout(3000)
      .emitWithAck('contact:update', { conversationId, name: 'Kemi', email: 'kemi@example.com', phone: '' });
    expect(contact.ok).toBe(true);
    const sent = await ada.socket.timeout(3000).emitWithAck('transcript:email', { conversationId });
    expect(sent).toEqual({ ok: true, sentTo: 'kemi@example.com' });
    const mail = await h.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('kind', '=', 'chat_transcript')
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain('Happy to help with that.');
    expect(`${mail.text_body}${mail.html_body}`).not.toContain('lab result');

    const audit = await h.db
      .selectFrom('audit_events')
      .select(['type', 'subject'])
      .where('type', '=', 'chat.note')
      .execute();
    expect(audit).toEqual([{ type: 'chat.note', subject: `conversation:${conversationId}` }]);
  });

  it('refuses an empty note and one for a conversation that does not exist', async () => {
    h = await startChatHarness();
    const ada = await agentOnline('Ada Obi');
    await newVisitor('Hello');
    const conversationId = await conversationIdOf('Hello');
    const empty = await ada.socket.timeout(3000).emitWithAck('note:add', { conversationId, body: ' \u200b ' });
    expect(empty).toEqual({
      ok: false,
      error: { code: 'INVALID_PAYLOAD', message: 'Type the note before saving it.' },
    });
    const missing = await ada.socket.timeout(3000).emitWithAck('note:add', { conversationId: 9999, body: 'x' });
    expect(missing.ok || missing.error.code).toBe('NOT_FOUND');
    expect(await h.db.selectFrom('chat_notes').select('id').execute()).toEqual([]);
  });
});

describe('the list at a glance', () => {
  it("previews the visitor's last words, not the bot's emergency reply or acknowledgement", async () => {
    h = await startChatHarness();
    const ada = await agentOnline('Ada Obi');
    await newVisitor('my chest is paining me and I cannot breathe');
    const urgentId = await conversationIdOf('my chest is paining me and I cannot breathe');
    await newVisitor('Do you do home visits?');
    const calmId = await conversationIdOf('Do you do home visits?');
    // Both rooms have a bot reply after the visitor's message (the emergency reply, then the acknowledgement).
    await waitFor(
      async () =>
        (
          await h.db
            .selectFrom('chat_messages')
            .select('conversation_id')
            .distinct()
            .where('sender', '=', 'bot')
            .execute()
        ).length === 2,
      5000,
      'the bot answered both',
    );
    const previews = Object.fromEntries((await list(ada.socket)).conversations.map((row) => [row.id, row.lastMessage]));
    expect(previews[urgentId]).toMatchObject({
      sender: 'user',
      preview: 'my chest is paining me and I cannot breathe',
    });
    expect(previews[calmId]).toMatchObject({ sender: 'user', preview: 'Do you do home visits?' });
  });

  it("shows the rating's comment with the rating", async () => {
    h = await startChatHarness();
    const ada = await agentOnline('Ada Obi');
    const visitor = await newVisitor('Thanks for the help');
    const conversationId = await conversationIdOf('Thanks for the help');
    await ada.socket.timeout(3000).emitWithAck('room:join', { conversationId });
    await ada.socket.timeout(3000).emitWithAck('conversation:status', { conversationId, status: 'resolved' });
    expect(await visitor.timeout(3000).emitWithAck('rating:send', { rating: 2, comment: 'Slow to answer' })).toEqual({
      ok: true,
    });
    const summary = (await list(ada.socket)).conversations.find((row) => row.id === conversationId);
    expect(summary).toBeUndefined(); // resolved: not in 'All open'
    const resolved = await ada.socket.timeout(3000).emitWithAck('conversation:list', { view: 'resolved' });
    expect(resolved.ok && resolved.conversations[0]).toMatchObject({ rating: 2, ratingComment: 'Slow to answer' });
  });
});

describe('contact details in the chat', () => {
  it('are checked field by field, stored with the phone in E.164, audited, and work out of hours', async () => {
    h = await startChatHarness({ chat: { supportClock: ALWAYS_CLOSED } });
    const ada = await agentOnline('Ada Obi');
    await newVisitor('Can someone call me back?');
    const conversationId = await conversationIdOf('Can someone call me back?');
    const update = (contact: { name?: string; email?: string; phone?: string }) =>
      ada.socket.timeout(3000).emitWithAck('contact:update', { conversationId, ...contact });

    const before = (await list(ada.socket)).conversations.find((row) => row.id === conversationId)!;
    expect(before.transcriptEmail).toBeNull();
    expect(await update({ email: 'kemi@example' })).toEqual({
      ok: false,
      error: { code: 'INVALID_PAYLOAD', message: EMAIL_FORMAT_MESSAGE, field: 'email' },
    });
    expect(await update({ phone: '12-ab' })).toEqual({
      ok: false,
      error: { code: 'INVALID_PAYLOAD', message: PHONE_FORMAT_MESSAGE, field: 'phone' },
    });
    expect(await update({ phone: '0803 123' })).toEqual({
      ok: false,
      error: { code: 'INVALID_PAYLOAD', message: CONTACT_PHONE_INVALID_MESSAGE, field: 'phone' },
    });
    expect(await h.db.selectFrom('audit_events').select('id').where('type', '=', 'chat.contact').execute()).toEqual([]);

    const saved = await update({ name: ' Kemi Adeyemi ', email: 'Kemi@Example.com', phone: '0803 123 4567' });
    expect(saved.ok && saved.conversation).toMatchObject({
      contact: { name: 'Kemi Adeyemi', email: 'Kemi@Example.com', phone: '+2348031234567' },
      transcriptEmail: 'Kemi@Example.com',
    });
    // A correction: blank clears a field.
    const corrected = await update({ name: 'Kemi Adeyemi', email: 'kemi.a@example.com', phone: '' });
    expect(corrected.ok && corrected.conversation.contact).toEqual({
      name: 'Kemi Adeyemi',
      email: 'kemi.a@example.com',
      phone: null,
    });
    const audit = await h.db
      .selectFrom('audit_events')
      .select(['subject', 'detail'])
      .where('type', '=', 'chat.contact')
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.subject)).toEqual([
      `conversation:${conversationId}`,
      `conversation:${conversationId}`,
    ]);
    expect(audit.map((row) => JSON.parse(String(row.detail)))).toEqual([
      { changed: 'name,email,phone' },
      { changed: 'email,phone' },
    ]);
  });
});
