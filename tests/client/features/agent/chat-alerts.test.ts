/** The chat alerts every staff page raises (issue #29.2): only what visitors do alerts, once per event. */
import { describe, expect, it } from 'vitest';
import type { ConversationSummary } from '../../../../shared/chat-events';
import type { ChatAlertKind } from '../../../../shared/staff-alerts';
import { createChatAlerts } from '../../../../client/features/agent/agent-presence-link';
import { conversationSummary } from './summary-fixture';

const ME = 7;
const room = (id: number, changes: Partial<ConversationSummary> = {}): ConversationSummary =>
  conversationSummary(id, {
    lastMessage: { sender: 'user', preview: 'Hello', createdAt: '2026-11-27T10:00:00.000Z' },
    lastActivityAt: '2026-11-27T10:00:00.000Z',
    ...changes,
  });

const setUp = (listed: ConversationSummary[] = []) => {
  const alerts: ChatAlertKind[] = [];
  const chat = createChatAlerts({ onAlert: (kind) => alerts.push(kind), onHandedBack: () => {} });
  chat.seeList(ME, listed);
  return { alerts, chat };
};

describe('chat alerts', () => {
  it('alert a new chat once, and not the rooms already listed', () => {
    const { alerts, chat } = setUp([room(1)]);
    chat.seeRoom(room(1));
    chat.seeRoom(room(2));
    chat.seeRoom(room(2, { lastActivityAt: '2026-11-27T10:01:00.000Z' }));
    expect(alerts).toEqual(['newChat']);
  });

  it('alert a room turning urgent once, instead of as a new chat', () => {
    const { alerts, chat } = setUp();
    chat.seeRoom(room(3, { urgent: true }));
    chat.seeRoom(room(3, { urgent: true }));
    expect(alerts).toEqual(['urgent']);
  });

  it("alert visitor messages in the agent's own rooms only", () => {
    const mine = room(4, { assignedAgent: { id: ME, name: 'Bola' } });
    const colleagues = room(5, { assignedAgent: { id: 8, name: 'Ada' } });
    const { alerts, chat } = setUp([mine, colleagues, room(6)]);
    chat.seeVisitorMessage(4);
    chat.seeVisitorMessage(5);
    chat.seeVisitorMessage(6);
    // Taken over by a colleague: no longer the agent's.
    chat.seeRoom({ ...mine, assignedAgent: { id: 8, name: 'Ada' } });
    chat.seeVisitorMessage(4);
    expect(alerts).toEqual(['visitorMessage']);
  });

  it("never alert the agent's own actions: a join, a reply, a resolve", () => {
    const { alerts, chat } = setUp([room(9)]);
    chat.seeRoom(room(9, { assignedAgent: { id: ME, name: 'Bola' } }));
    chat.seeRoom(
      room(9, {
        assignedAgent: { id: ME, name: 'Bola' },
        lastMessage: { sender: 'agent', preview: 'Hi', createdAt: '2026-11-27T10:02:00.000Z' },
      }),
    );
    chat.seeRoom(room(9, { status: 'resolved' }));
    // A room this agent opened to a visitor who had not written is no new chat either.
    chat.seeRoom(room(10, { lastMessage: { sender: 'agent', preview: 'Hi', createdAt: '2026-11-27T10:03:00.000Z' } }));
    expect(alerts).toEqual([]);
  });
});
