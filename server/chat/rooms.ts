/**
 * Who receives each chat event, decided in this one module.
 *
 * - Every socket of one visitor (all their tabs) is in `visitor:<visitorKey>` on /chat. The key
 *   comes from the signed visitor cookie or the session, never from a payload.
 * - Every agent socket is in `agents` on /agent: agents see all conversations live.
 * - Visitors never receive another conversation's events; agents never receive visitor keys.
 *
 * With REDIS_URL the namespaces use the Socket.IO Redis adapter (ADR 0027): every emit here reaches the room's
 * sockets on every node, and the questions "who is connected" ask every node (fetchSockets). When the other nodes
 * cannot be asked (Redis away), the answers are this node's own sockets.
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
/** Agent sockets whose agent chose 'away' (a room, not a map, so every node sees the choice). */
export const AWAY_ROOM = 'presence:away';
export const visitorRoom = (visitorKey: string) => `visitor:${visitorKey}`;
/** Every console tab of one agent: what differs per agent (unread counts, 'Mine') goes here. */
export const agentRoom = (agentId: number) => `agent:${agentId}`;

export type ChatRooms = ReturnType<typeof createChatRooms>;

/** The room's sockets on every node; this node's alone when the others cannot be asked. */
async function socketsIn(namespace: VisitorNamespace | AgentNamespace, room?: string) {
  const target = room === undefined ? namespace : namespace.in(room);
  try {
    return await target.fetchSockets();
  } catch {
    return target.local.fetchSockets();
  }
}

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
    /** Ids of the agents with a console open, on any node. */
    async connectedAgentIds() {
      const ids = new Set<number>();
      for (const socket of await socketsIn(agents)) if (socket.data.user) ids.add(socket.data.user.id);
      return [...ids];
    },
    /** Each connected agent's state: 'away' when they chose it, else 'online'. */
    async agentStates() {
      const states = new Map<number, 'online' | 'away'>();
      for (const socket of await socketsIn(agents)) {
        const id = socket.data.user?.id;
        if (id === undefined) continue;
        if (socket.rooms.has(AWAY_ROOM)) states.set(id, 'away');
        else if (!states.has(id)) states.set(id, 'online');
      }
      return states;
    },
    /** Marks every console tab of the agent, on every node. */
    setAgentAway(agentId: number, away: boolean) {
      const tabs = agents.in(agentRoom(agentId));
      // The Redis adapter applies a join only when its own message comes back from Redis: this node's tabs are
      // marked at once (and while Redis is away), the other nodes' through the adapter.
      for (const target of [tabs.local, tabs]) {
        if (away) target.socketsJoin(AWAY_ROOM);
        else target.socketsLeave(AWAY_ROOM);
      }
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
    /**
     * When the visitor's last chat connection closed: null while one is open on any node; 0 if this process never saw
     * them leave (with several nodes, they may have left another node's connection: 'long ago' then).
     */
    async visitorAwaySince(visitorKey: string): Promise<number | null> {
      if (await this.visitorOnlineAnywhere(visitorKey)) return null;
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
    /** True while any tab of this visitor is connected, on any node (for one conversation's pushed summary). */
    async visitorOnlineAnywhere(visitorKey: string) {
      if (this.visitorOnline(visitorKey)) return true;
      return (await socketsIn(visitors, visitorRoom(visitorKey))).length > 0;
    },
    /** True while any tab of this visitor is connected to this node (summaries read it for every row, at once). */
    visitorOnline(visitorKey: string) {
      return (visitors.adapter.rooms.get(visitorRoom(visitorKey))?.size ?? 0) > 0;
    },
    /** True while any agent has the console open, on any node. */
    async agentsConnected() {
      if ((agents.adapter.rooms.get(AGENTS_ROOM)?.size ?? 0) > 0) return true;
      return (await socketsIn(agents, AGENTS_ROOM)).length > 0;
    },
    /** True while the agent has any console tab connected, on any node. */
    async agentOnline(agentId: number) {
      if ((agents.adapter.rooms.get(agentRoom(agentId))?.size ?? 0) > 0) return true;
      return (await socketsIn(agents, agentRoom(agentId))).length > 0;
    },
  };
}
