/**
 * The Pending status on the server (issue #14): an agent marks a conversation Pending (waiting on the visitor). It
 * stays in the open views, is not resolved (no rating asked, the urgent mark kept), and the visitor's next message
 * makes it Open again (issue #25.6).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ConversationSummary } from '../../../shared/chat-events';
import { connected, say, startChatHarness, type ChatHarness } from '../../helpers/socket-harness';

let h: ChatHarness;
afterEach(async () => {
  await h.close();
});

const stored = () =>
  h.db
    .selectFrom('chat_conversations')
    .select(['status', 'resolved_at', 'rating_requested', 'urgent_at'])
    .executeTakeFirstOrThrow();

describe('Pending', () => {
  it('is stored and listed as Pending in the open views, resolves nothing, and a visitor message reopens it', async () => {
    h = await startChatHarness();
    const agent = await h.userSession('agent', 'Ada Obi');
    const agentSocket = h.agentSocket({ cookie: agent.cookie });
    await connected(agentSocket);
    const visitor = h.visitor({ cookie: h.newVisitorCookie() });
    await connected(visitor);
    await say(visitor, 'Abeg help, my chest dey pain me well well');
    const conversationId = (await h.db.selectFrom('chat_conversations').select('id').executeTakeFirstOrThrow()).id;
    expect((await stored()).urgent_at).not.toBeNull();

    const marked = await agentSocket
      .timeout(3000)
      .emitWithAck('conversation:status', { conversationId, status: 'pending' });
    expect(marked.ok && marked.conversation.status).toBe('pending');
    const row = await stored();
    expect(row).toMatchObject({ status: 'pending', resolved_at: null, rating_requested: 0 });
    expect(row.urgent_at).not.toBeNull();

    const open = await agentSocket.timeout(3000).emitWithAck('conversation:list', { view: 'open' });
    if (!open.ok) throw new Error(open.error.message);
    expect(open.conversations.map((c: ConversationSummary) => [c.id, c.status, c.urgent])).toEqual([
      [conversationId, 'pending', true],
    ]);
    expect(open.counts).toEqual({ mine: 0, unassigned: 1, open: 1, resolved: 0 });
    const resolved = await agentSocket.timeout(3000).emitWithAck('conversation:list', { view: 'resolved' });
    expect(resolved.ok && resolved.conversations).toEqual([]);
    const sync = await visitor.timeout(3000).emitWithAck('conversation:sync', {});
    expect(sync.ok && sync.ratingRequested).toBe(false);

    await say(visitor, 'I am still here');
    expect((await stored()).status).toBe('open');
  });
});
