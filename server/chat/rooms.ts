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
/** Every console tab of one agent: what differs per agent (unread counts, 'Mine') goes here. */
export const agentRoom = (agentId: number) => `agent:${agentId}`;

export type ChatRooms = ReturnType<typeof createChatRooms>;

export function createChatRooms(visitors: VisitorNamespace, agents: AgentNamespace) {
  const visitorAwaySince = new Map<string, number>();
  return {
    /** A stored message: to the visitor's tabs and to every agent. */
    messageCreated(visitorKey: string, conversationId: number, message: ChatMessage) {
      visitors.to(visitorRoom(visitorKey)).emit('message:created', message);
      agents.to(AGENTS_ROOM).emit('message:created', { conversationId, message });
    },
    /** A conversation's summary as one agent sees it (their own unread count). */
    summaryUpdated(agentId: number, summary: ConversationSummary) {
      agents.to(agentRoom(agentId)).emit('room:updated', summary);
    },
    /** Ids of the agents with a console open. */
    connectedAgentIds() {
      const ids = new Set<number>();
      for (const socket of agents.sockets.values()) if (socket.data.user) ids.add(socket.data.user.id);
      return [...ids];
    },
    toAgent: (agentId: number) => agents.to(agentRoom(agentId)),
    toAllAgents: () => agents.to(AGENTS_ROOM),
    /** A visitor-side event for every tab of one visitor. */
    toVisitor: (visitorKey: string) => visitors.to(visitorRoom(visitorKey)),
    /** Called when a visitor socket closes: remembers when their last tab went. */
    visitorDisconnected(visitorKey: string) {
      if (this.visitorOnline(visitorKey)) return;
      const now = Date.now();
      // Only the last few minutes matter (follow-ups wait 2 minutes); older entries read as 'long ago' anyway.
      if (visitorAwaySince.size > 10_000)
        for (const [key, since] of visitorAwaySince) if (now - since > 10 * 60_000) visitorAwaySince.delete(key);
      visitorAwaySince.set(visitorKey, now);
    },
    /** When the visitor's last chat connection closed (null while one is open; 0 if never seen by this process). */
    visitorAwaySince(visitorKey: string): number | null {
      if (this.visitorOnline(visitorKey)) return null;
      return visitorAwaySince.get(visitorKey) ?? 0;
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
