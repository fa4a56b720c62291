/**
 * Who receives each chat event, decided in this one module.
 *
 * - Every socket of one visitor (all their tabs) is in `visitor:<visitorKey>` on /chat. The key
 *   comes from the signed visitor cookie or the session, never from a payload.
 * - Every agent socket is in `agents` on /agent: agents see all conversations live.
 * - Visitors never receive another conversation's events; agents never receive visitor keys.
 *
 * With REDIS_URL the namespaces use the Socket.IO Redis adapter (ADR 0027): every emit here reaches the room's
 * sockets on every node. "Who is connected" is answered by the presence directory (presence-directory.ts), which
 * every node keeps up to date in Redis.
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
import type { Logger } from '../logger';
import type { RedisClients } from '../redis/redis-clients';
import { createLocalPresence, createRedisPresence, type LocalRooms } from './presence-directory';

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
const VISITOR_ROOM_PREFIX = 'visitor:';
const AGENT_ROOM_PREFIX = 'agent:';
export const visitorRoom = (visitorKey: string) => `${VISITOR_ROOM_PREFIX}${visitorKey}`;
/** Every console tab of one agent: what differs per agent (unread counts, 'Mine') goes here. */
export const agentRoom = (agentId: number) => `${AGENT_ROOM_PREFIX}${agentId}`;

export type ChatRooms = ReturnType<typeof createChatRooms>;

/** This node's visitor and agent rooms, as the presence directory reads them. */
function localRooms(visitors: VisitorNamespace, agents: AgentNamespace): LocalRooms {
  const roomsOf = (namespace: VisitorNamespace | AgentNamespace, prefix: string) =>
    [...namespace.adapter.rooms.keys()]
      .filter((room) => room.startsWith(prefix))
      .map((room) => room.slice(prefix.length));
  const onRoom = (
    namespace: VisitorNamespace | AgentNamespace,
    prefix: string,
    listener: (id: string, present: boolean) => void,
  ) => {
    namespace.adapter.on('create-room', (room: string) => {
      if (room.startsWith(prefix)) listener(room.slice(prefix.length), true);
    });
    namespace.adapter.on('delete-room', (room: string) => {
      if (room.startsWith(prefix)) listener(room.slice(prefix.length), false);
    });
  };
  return {
    hasVisitor: (visitorKey) => (visitors.adapter.rooms.get(visitorRoom(visitorKey))?.size ?? 0) > 0,
    visitorKeys: () => roomsOf(visitors, VISITOR_ROOM_PREFIX),
    agentIds: () => roomsOf(agents, AGENT_ROOM_PREFIX).map(Number),
    onVisitor: (listener) => onRoom(visitors, VISITOR_ROOM_PREFIX, listener),
    onAgent: (listener) => onRoom(agents, AGENT_ROOM_PREFIX, (id, present) => listener(Number(id), present)),
  };
}

export function createChatRooms(
  visitors: VisitorNamespace,
  agents: AgentNamespace,
  shared: { redis?: Pick<RedisClients, 'commands' | 'prefix'>; logger: Pick<Logger, 'error'> },
) {
  const local = localRooms(visitors, agents);
  const presence = shared.redis ? createRedisPresence(local, shared.redis, shared.logger) : createLocalPresence(local);
  const visitorAwaySince = new Map<string, number>();
  return {
    /** A stored message: to the visitor's tabs and to every agent. */
    /** `forAgents`: the message as agents see it when it carries more (a patient's file), never sent to the visitor. */
    messageCreated(visitorKey: string, conversationId: number, message: ChatMessage, forAgents: ChatMessage = message) {
      visitors.to(visitorRoom(visitorKey)).emit('message:created', message);
      agents.to(AGENTS_ROOM).emit('message:created', { conversationId, message: forAgents });
    },
    /** A conversation's summary as one agent sees it (their own unread count). */
    summaryUpdated(agentId: number, summary: ConversationSummary) {
      agents.to(agentRoom(agentId)).emit('room:updated', summary);
    },
    /** Ids of the agents with a console open, on any node. */
    async connectedAgentIds() {
      return [...(await presence.agentStates()).keys()];
    },
    /** Each connected agent's state: 'away' when they chose it, else 'online'. */
    agentStates: () => presence.agentStates(),
    /** The agent's choice, for every console tab of theirs on every node. */
    setAgentAway: (agentId: number, away: boolean) => presence.setAgentAway(agentId, away),
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
    /** A bot reply is owed (typing) or was sent or dropped: that visitor only. */
    botTyping(visitorKey: string, replyId: number, typing: boolean) {
      visitors.to(visitorRoom(visitorKey)).emit('typing:updated', { sender: 'bot', replyId, typing });
    },
    /** True while any tab of this visitor is connected, on any node (for one conversation's pushed summary). */
    visitorOnlineAnywhere: (visitorKey: string) => presence.visitorOnline(visitorKey),
    /** True while any tab of this visitor is connected to this node (summaries read it for every row, at once). */
    visitorOnline: (visitorKey: string) => local.hasVisitor(visitorKey),
    /** True while any agent has the console open, on any node. */
    async agentsConnected() {
      if ((agents.adapter.rooms.get(AGENTS_ROOM)?.size ?? 0) > 0) return true;
      return (await presence.agentStates()).size > 0;
    },
    /** True while the agent has any console tab connected, on any node. */
    async agentOnline(agentId: number) {
      if ((agents.adapter.rooms.get(agentRoom(agentId))?.size ?? 0) > 0) return true;
      return (await presence.agentStates()).has(agentId);
    },
    /** Leaves the directory (the other nodes stop counting this node's sockets at once). */
    close: () => presence.close(),
  };
}
