/**
 * Who receives each chat event, decided in this one module.
 *
 * - Every socket of one visitor (all their tabs) is in `visitor:<visitorKey>` on /chat. The key
 *   comes from the signed visitor cookie or the session, never from a payload.
 * - Every agent socket is in `agents` on /agent: agents see all conversations live.
 * - Visitors never receive another conversation's events; agents never receive visitor keys.
 */
import type { Namespace } from 'socket.io';
import type {
  AgentClientToServerEvents,
  AgentServerToClientEvents,
  ChatMessage,
  ConversationSummary,
  InterServerEvents,
  RoomAgent,
  SocketData,
  VisitorClientToServerEvents,
  VisitorServerToClientEvents,
} from '../../shared/chat-events';

export type VisitorNamespace = Namespace<
  VisitorClientToServerEvents,
  VisitorServerToClientEvents,
  InterServerEvents,
  SocketData
>;
export type AgentNamespace = Namespace<
  AgentClientToServerEvents,
  AgentServerToClientEvents,
  InterServerEvents,
  SocketData
>;

export const AGENTS_ROOM = 'agents';
export const visitorRoom = (visitorKey: string) => `visitor:${visitorKey}`;

export type ChatRooms = ReturnType<typeof createChatRooms>;

export function createChatRooms(visitors: VisitorNamespace, agents: AgentNamespace) {
  return {
    /** A stored message: to the visitor's tabs and to every agent. */
    messageCreated(visitorKey: string, conversationId: number, message: ChatMessage) {
      visitors.to(visitorRoom(visitorKey)).emit('message:created', message);
      agents.to(AGENTS_ROOM).emit('message:created', { conversationId, message });
    },
    /** A conversation's summary changed: agents only. */
    summaryUpdated(summary: ConversationSummary) {
      agents.to(AGENTS_ROOM).emit('room:updated', summary);
    },
    /** An agent joined or left: the visitor learns who is (or is no longer) in the room. */
    roomAgentChanged(visitorKey: string, agent: RoomAgent) {
      visitors.to(visitorRoom(visitorKey)).emit('room:updated', { agent });
    },
    /** The visitor is typing: agents only (with the conversation id, never the key). */
    visitorTyping(conversationId: number, typing: boolean) {
      agents.to(AGENTS_ROOM).emit('typing:updated', { conversationId, typing });
    },
    /** An agent is typing: that visitor only. */
    agentTyping(visitorKey: string, name: string, typing: boolean) {
      visitors.to(visitorRoom(visitorKey)).emit('typing:updated', { sender: 'agent', name, typing });
    },
    /** True while any tab of this visitor is connected. */
    visitorOnline(visitorKey: string) {
      return (visitors.adapter.rooms.get(visitorRoom(visitorKey))?.size ?? 0) > 0;
    },
    /** True while any agent has the console open. */
    agentsConnected() {
      return (agents.adapter.rooms.get(AGENTS_ROOM)?.size ?? 0) > 0;
    },
    /** True while the agent has any console tab connected. */
    agentOnline(agentId: number) {
      for (const socket of agents.sockets.values()) if (socket.data.user?.id === agentId) return true;
      return false;
    },
  };
}
