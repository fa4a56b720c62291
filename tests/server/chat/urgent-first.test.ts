/**
 * Urgent rooms come first in the agent's list, whatever their age (issue #14). The urgent rooms here are the oldest
 * and there are more rooms than one list holds, so a list ordered by latest activity alone would leave them out
 * (issue #25).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ConversationSummary } from '../../../shared/chat-events';
import { connected, startChatHarness, type ChatHarness } from '../../helpers/socket-harness';

let h: ChatHarness;
afterEach(async () => {
  await h.close();
});

// The console lists at most 100 rooms (CONVERSATION_LIST_LIMIT in server/chat/agent-handlers.ts).
const LIST_LIMIT = 100;
const ROOMS = LIST_LIMIT + 20;
const START = Date.parse('2026-05-04T09:00:00.000Z');
const MINUTE = 60_000;

/** ROOMS conversations with one visitor message each, the first `urgent` of them urgent; room i active at minute i. */
async function seedRooms(urgent: number) {
  const at = (index: number) => new Date(START + index * MINUTE).toISOString();
  const indexes = Array.from({ length: ROOMS }, (_, index) => index);
  const rows = await h.db
    .insertInto('chat_conversations')
    .values(
      indexes.map((index) => ({
        visitor_key: `v:urgent-first-${index}`,
        last_activity_at: at(index),
        created_at: at(index),
        urgent_at: index < urgent ? at(index) : null,
      })),
    )
    .returning(['id', 'visitor_key'])
    .execute();
  const idOf = new Map(rows.map((row) => [row.visitor_key, row.id]));
  const ids = indexes.map((index) => idOf.get(`v:urgent-first-${index}`)!);
  await h.db
    .insertInto('chat_messages')
    .values(
      indexes.map((index) => ({
        conversation_id: ids[index]!,
        sender: 'user' as const,
        message: `Room ${index}`,
        client_id: null,
        created_at: at(index),
      })),
    )
    .execute();
  return ids;
}

async function listed(view: 'open' | 'unassigned'): Promise<ConversationSummary[]> {
  const agent = await h.userSession('agent', 'Ada Obi');
  const socket = h.agentSocket({ cookie: agent.cookie });
  await connected(socket);
  const result = await socket.timeout(5000).emitWithAck('conversation:list', { view });
  if (!result.ok) throw new Error(result.error.message);
  return result.conversations;
}

describe('urgent rooms first in the agent list', () => {
  for (const view of ['open', 'unassigned'] as const) {
    it(`${view}: the oldest rooms, urgent, lead a full list; the rest follow newest first`, async () => {
      h = await startChatHarness();
      const ids = await seedRooms(2);
      const conversations = await listed(view);

      expect(conversations).toHaveLength(LIST_LIMIT);
      // Urgent rooms by latest activity among themselves, then the newest of the others.
      const newestFirst = ids.slice(2).reverse();
      expect(conversations.map((c) => c.id)).toEqual([ids[1], ids[0], ...newestFirst.slice(0, LIST_LIMIT - 2)]);
      expect(conversations.map((c) => c.urgent)).toEqual([true, true, ...Array<boolean>(LIST_LIMIT - 2).fill(false)]);
    });
  }

  it('a resolved urgent room is no longer urgent and leaves the front of the list', async () => {
    h = await startChatHarness();
    const ids = await seedRooms(1);
    const agent = await h.userSession('agent', 'Ada Obi');
    const socket = h.agentSocket({ cookie: agent.cookie });
    await connected(socket);
    const resolved = await socket
      .timeout(5000)
      .emitWithAck('conversation:status', { conversationId: ids[0]!, status: 'resolved' });
    expect(resolved.ok).toBe(true);
    await h.db.updateTable('chat_conversations').set({ status: 'open' }).where('id', '=', ids[0]!).execute();

    const conversations = await listed('open');
    expect(conversations[0]!.id).toBe(ids.at(-1));
    expect(conversations.some((c) => c.urgent)).toBe(false);
    expect(conversations.map((c) => c.id)).not.toContain(ids[0]);
  });
});
