/**
 * Chats follow the person (issue #29), over real sockets: a connection that comes back inside the grace period keeps
 * the agent's rooms; rooms handed back while the agent was gone are told to them once, on return; logging out hands
 * them back at once, and so does setting Away.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { invalidateSession } from '../../../server/auth/session';
import { collect, connected, startChatHarness, type ChatHarness } from '../../helpers/socket-harness';
import { waitFor } from '../../helpers/wait-for';

let h: ChatHarness;
afterEach(async () => {
  await h.close();
});

const ownerOf = async (conversationId: number) =>
  (
    await h.db
      .selectFrom('chat_conversations')
      .select('assigned_agent_id')
      .where('id', '=', conversationId)
      .executeTakeFirstOrThrow()
  ).assigned_agent_id;

/** An agent who joined a visitor's room, and the visitor's room updates. */
async function agentInARoom(graceMs: number) {
  h = await startChatHarness({ chat: { agentGraceMs: graceMs } });
  const staff = await h.userSession('agent', 'Ngozi Eze');
  const agent = h.agentSocket({ cookie: staff.cookie, reconnection: false });
  const visitor = h.visitor({ cookie: h.newVisitorCookie() });
  await Promise.all([connected(agent), connected(visitor)]);
  const updates = collect<{ agent: { name: string } | null }>(visitor, 'room:updated');
  await visitor.timeout(2000).emitWithAck('message:send', { clientId: randomUUID(), message: 'Hello' });
  const { id } = await h.db.selectFrom('chat_conversations').select('id').executeTakeFirstOrThrow();
  await agent.timeout(2000).emitWithAck('room:join', { conversationId: id });
  return { staff, agent, updates, conversationId: id };
}

const take = async (socket: ReturnType<ChatHarness['agentSocket']>) => {
  const result = await socket.timeout(2000).emitWithAck('handback:take', {});
  if (!result.ok) throw new Error(result.error.message);
  return result.rooms;
};

describe('chats follow the person', () => {
  it('keeps the room when another staff tab opens before the grace period ends, and counts from the last close', async () => {
    const { staff, agent, updates, conversationId } = await agentInARoom(600);
    agent.disconnect();
    // A page change: the next staff page connects well inside the grace period.
    const next = h.agentSocket({ cookie: staff.cookie, reconnection: false });
    await connected(next);
    const returned = Date.now();
    next.disconnect();
    // The first close owes nothing: the room stays the agent's until the grace period after the last close.
    await waitFor(() => updates.length === 2, 3000, 'hand back after the last close');
    expect(Date.now() - returned).toBeGreaterThanOrEqual(550);
    expect(updates.map((item) => item.value.agent)).toEqual([{ name: 'Ngozi Eze' }, null]);
    expect(await ownerOf(conversationId)).toBeNull();
  });

  it('tells the agent on return which rooms were handed back, once', async () => {
    const { staff, agent, updates, conversationId } = await agentInARoom(100);
    agent.disconnect();
    await waitFor(() => updates.length === 2, 3000, 'hand back');
    const back = h.agentSocket({ cookie: staff.cookie, reconnection: false });
    await connected(back);
    const rooms = await take(back);
    expect(rooms).toEqual([
      { conversationId, visitorLabel: `Visitor #${conversationId}`, handedBackAt: expect.any(String) },
    ]);
    expect(await take(back)).toEqual([]);
  });

  it('hands the rooms back at once when the agent sets Away, with their tab still open, and tells them on return', async () => {
    const { staff, agent, updates, conversationId } = await agentInARoom(60_000);
    agent.emit('presence:set', { status: 'away' });
    await waitFor(() => updates.length === 2, 3000, 'hand back on Away');
    expect(updates.map((item) => item.value.agent)).toEqual([{ name: 'Ngozi Eze' }, null]);
    expect(await ownerOf(conversationId)).toBeNull();
    expect(agent.connected).toBe(true);
    const back = h.agentSocket({ cookie: staff.cookie, reconnection: false });
    await connected(back);
    expect(await take(back)).toEqual([expect.objectContaining({ conversationId })]);
  });

  it('hands the rooms back at once when the agent logs out', async () => {
    const { staff, updates, conversationId } = await agentInARoom(60_000);
    await invalidateSession(h.db, staff.session.id, h.sessionEvents);
    await waitFor(() => updates.length === 2, 3000, 'hand back on logout');
    expect(await ownerOf(conversationId)).toBeNull();
  });
});
