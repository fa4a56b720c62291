/**
 * `whatsapp:opened` on the server (issue #14): a visitor who moves to WhatsApp from the widget has their room marked,
 * and the agents online see it on the room's summary (issue #25.6).
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConversationSummary } from '../../../shared/chat-events';
import { collect, connected, startChatHarness, type ChatHarness } from '../../helpers/socket-harness';
import { waitFor } from '../../helpers/wait-for';

let h: ChatHarness;
afterEach(async () => {
  await h.close();
});

const whatsAppAt = async () =>
  (await h.db.selectFrom('chat_conversations').select(['id', 'whatsapp_at']).execute()).map((row) => row.whatsapp_at);

describe('whatsapp:opened', () => {
  it("marks the visitor's own conversation and tells the agents online", async () => {
    h = await startChatHarness();
    const agent = await h.userSession('agent', 'Ada Obi');
    const agentSocket = h.agentSocket({ cookie: agent.cookie });
    await connected(agentSocket);
    const updates = collect<ConversationSummary>(agentSocket, 'room:updated');

    const visitor = h.visitor({ cookie: h.newVisitorCookie() });
    await connected(visitor);
    const sent = await visitor
      .timeout(3000)
      .emitWithAck('message:send', { clientId: randomUUID(), message: 'Can I talk on WhatsApp?' });
    if (!sent.ok) throw new Error(sent.error.message);
    // A bystander with a conversation of their own: left unmarked.
    const other = h.visitor({ cookie: h.newVisitorCookie() });
    await connected(other);
    await other.timeout(3000).emitWithAck('message:send', { clientId: randomUUID(), message: 'Hello' });
    expect(await whatsAppAt()).toEqual([null, null]);

    const before = Date.now();
    visitor.emit('whatsapp:opened', {});
    await waitFor(
      () => updates.some((u) => u.value.movedToWhatsAppAt !== null),
      5000,
      'the agent told the visitor moved to WhatsApp',
    );
    const marked = updates.find((u) => u.value.movedToWhatsAppAt !== null)!.value;
    const conversation = await h.db
      .selectFrom('chat_conversations')
      .select(['id', 'whatsapp_at'])
      .where('whatsapp_at', 'is not', null)
      .execute();
    expect(conversation).toHaveLength(1);
    expect(marked.id).toBe(conversation[0]!.id);
    expect(marked.movedToWhatsAppAt).toBe(conversation[0]!.whatsapp_at);
    expect(Date.parse(marked.movedToWhatsAppAt!)).toBeGreaterThanOrEqual(before - 1000);
    expect((await whatsAppAt()).filter((at) => at === null)).toHaveLength(1);

    const listed = await agentSocket.timeout(3000).emitWithAck('conversation:list', { view: 'open' });
    if (!listed.ok) throw new Error(listed.error.message);
    expect(listed.conversations.find((c: ConversationSummary) => c.id === marked.id)!.movedToWhatsAppAt).toBe(
      marked.movedToWhatsAppAt,
    );
  });
});
