/**
 * The agent's connection that every staff page keeps (issue #29): while any staff tab is open the agent is present
 * and keeps their rooms, whichever page they are on; the Chats page opens its own console connection beside it. It
 * also raises the chat alerts for the staff shell (a new chat, a visitor message in the agent's rooms, a room turned
 * urgent) and asks, on each connect, which rooms were handed back while the agent was gone. Renders nothing.
 */
import { useEffect } from 'react';
import type { ConversationSummary } from '../../../shared/chat-events';
import { CHAT_ACK_TIMEOUT_MS } from '../../../shared/constants';
import type { ChatLinkHandlers } from '../../../shared/staff-alerts';
import { createSocket } from '../../lib/socket';
import { useLatest } from '../../lib/use-latest';
import { createUrgentTracker } from './agent-chat-state';
import { watchAgentConnection } from './agent-connection';

export function AgentPresenceLink(handlers: ChatLinkHandlers) {
  const latest = useLatest(handlers);
  useEffect(() => {
    const socket = createSocket('agent');
    const alerts = createChatAlerts({
      onAlert: (kind) => latest.current.onAlert(kind),
      onHandedBack: (rooms) => latest.current.onHandedBack(rooms),
    });
    const stopWatching = watchAgentConnection(socket, {
      onConnect: () => {
        socket.timeout(CHAT_ACK_TIMEOUT_MS).emit('conversation:list', { view: 'open' }, (error, result) => {
          if (!error && result.ok) alerts.seeList(result.me.id, result.conversations);
        });
        socket.timeout(CHAT_ACK_TIMEOUT_MS).emit('handback:take', {}, (error, result) => {
          if (!error && result.ok && result.rooms.length) latest.current.onHandedBack(result.rooms);
        });
      },
      onStatus: () => {},
      // Not an agent (any more): the staff app itself says so; nothing to keep.
      onDenied: () => socket.disconnect(),
    });
    socket.on('room:updated', (summary) => alerts.seeRoom(summary));
    socket.on('message:created', ({ conversationId, message }) => {
      if (message.sender === 'user') alerts.seeVisitorMessage(conversationId);
    });
    return () => {
      stopWatching();
      socket.disconnect();
    };
  }, [latest]);
  return null;
}

/**
 * Turns the console's live events into alerts. Only what visitors do alerts: an agent's own joins, replies and status
 * changes never do.
 */
export function createChatAlerts(handlers: ChatLinkHandlers) {
  const urgent = createUrgentTracker();
  const owners = new Map<number, number | null>();
  let meId: number | null = null;
  return {
    seeList(me: number, conversations: ConversationSummary[]) {
      meId = me;
      urgent.seeList(conversations);
      for (const item of conversations) owners.set(item.id, item.assignedAgent?.id ?? null);
    },
    seeRoom(summary: ConversationSummary) {
      const known = owners.has(summary.id);
      owners.set(summary.id, summary.assignedAgent?.id ?? null);
      if (urgent.see(summary)) return handlers.onAlert('urgent');
      if (!known && !summary.assignedAgent && summary.status === 'open' && summary.lastMessage?.sender === 'user')
        handlers.onAlert('newChat');
    },
    seeVisitorMessage(conversationId: number) {
      if (meId !== null && owners.get(conversationId) === meId) handlers.onAlert('visitorMessage');
    },
  };
}
