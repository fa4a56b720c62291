/**
 * Issue #23.5: 'my wife dey bleed well well after she born' got only the offline message, with no 112/767 numbers
 * and no Urgent mark. Out of office hours an emergency must get the emergency reply first, mark the room Urgent,
 * and not lose a contact given in the same message.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ConversationListResult } from '../../../shared/chat-events';
import { chatTexts } from '../../../shared/chat-texts';
import { ALWAYS_CLOSED, connected, say, startChatHarness, type ChatHarness } from '../../helpers/socket-harness';
import { waitFor } from '../../helpers/wait-for';

let h: ChatHarness;
afterEach(async () => {
  await h.close();
});

const botMessages = async () =>
  (await h.db.selectFrom('chat_messages').select('message').where('sender', '=', 'bot').orderBy('id').execute()).map(
    (row) => row.message,
  );

async function newVisitor(first: string) {
  const visitor = h.visitor({ cookie: h.newVisitorCookie() });
  await connected(visitor);
  await say(visitor, first);
  return visitor;
}

async function urgentInTheConsole() {
  const staff = await h.userSession('agent', 'Ada Obi');
  const agent = h.agentSocket({ cookie: staff.cookie });
  await connected(agent);
  const result = await agent.timeout(3000).emitWithAck('conversation:list', {});
  if (!result.ok) throw new Error(result.error.message);
  const listed: ConversationListResult = result;
  agent.disconnect();
  return listed.conversations.map((conversation) => conversation.urgent);
}

describe('an emergency out of office hours', () => {
  it("gets the emergency reply before the offline message, and the Urgent mark (the issue's Pidgin message)", async () => {
    h = await startChatHarness({ chat: { supportClock: ALWAYS_CLOSED } });
    await newVisitor('my wife dey bleed well well after she born');
    await waitFor(async () => (await botMessages()).length === 2, 3000, 'emergency and offline replies');
    const [first, second] = await botMessages();
    expect(first).toBe(chatTexts.emergencyReply);
    expect(first).toContain('112');
    expect(first).toContain('767');
    expect(second).toBe(chatTexts.botOffline('on Monday at 08:00'));
    expect(await urgentInTheConsole()).toEqual([true]);
  });

  it('after the bot asked for a contact, an emergency gets the emergency reply, and a number in it is kept', async () => {
    h = await startChatHarness({ chat: { supportClock: ALWAYS_CLOSED } });
    const visitor = await newVisitor('Are you open?');
    await waitFor(async () => (await botMessages()).length === 1, 3000, 'offline reply asking for a contact');

    await say(visitor, 'Abeg my pikin dey fitting, call me on 0803 123 4567');
    await waitFor(async () => (await botMessages()).length === 3, 3000, 'emergency reply and contact saved');
    expect((await botMessages()).slice(1)).toEqual([
      chatTexts.emergencyReply,
      chatTexts.contactSaved('+2348031234567', 'whatsapp'),
    ]);
    const conversation = await h.db
      .selectFrom('chat_conversations')
      .select(['urgent_at', 'follow_up_value'])
      .executeTakeFirstOrThrow();
    expect(conversation.urgent_at).not.toBeNull();
    expect(conversation.follow_up_value).toBe('+2348031234567');
  });

  it('an emergency without a contact is not told its answer is not a contact', async () => {
    h = await startChatHarness({ chat: { supportClock: ALWAYS_CLOSED } });
    const visitor = await newVisitor('Hello');
    await waitFor(async () => (await botMessages()).length === 1, 3000, 'offline reply asking for a contact');

    await say(visitor, 'my husband no fit breathe');
    await waitFor(async () => (await botMessages()).length === 2, 3000, 'emergency reply');
    await say(visitor, 'you can reach me at ada@example.com');
    await waitFor(async () => (await botMessages()).length === 3, 3000, 'contact saved');
    expect((await botMessages()).slice(1)).toEqual([
      chatTexts.emergencyReply,
      chatTexts.contactSaved('ada@example.com'),
    ]);
  });
});
