/**
 * Typed Socket.IO event maps for the live support chat, used by the server and both
 * clients (visitor widget and agent console). Types are not validation: the server parses
 * every payload with the zod schemas in shared/schemas/chat.ts.
 *
 * Naming: `entity:verb`. Clients send the imperative (`message:send`, `room:join`); the
 * server broadcasts the past tense (`message:created`, `room:updated`).
 */

/** Namespaces on the one Socket.IO server (path /socket.io). */
export const CHAT_NAMESPACES = { visitor: '/chat', agent: '/agent' } as const;

/** Query parameter the visitor widget adds to its handshake, so only it is given a visitor cookie. */
export const VISITOR_HANDSHAKE_QUERY = { client: 'visitor' } as const;

export type ChatSender = 'user' | 'bot' | 'agent';

/** One stored message as browsers see it. */
export type ChatMessage = {
  id: number;
  /** The id the sender's browser gave the message (null for bot replies). */
  clientId: string | null;
  sender: ChatSender;
  message: string;
  /** ISO-8601 UTC. */
  createdAt: string;
  /** The agent's name on agent messages, else null. */
  agentName: string | null;
};

export type ChatErrorCode =
  | 'INVALID_PAYLOAD'
  | 'RATE_LIMITED'
  | 'STORAGE_FAILED'
  | 'NOT_FOUND'
  | 'ALREADY_CLAIMED'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'TOO_MANY_CONNECTIONS';

export type ChatError = { code: ChatErrorCode; message: string; retryAfterSeconds?: number };

/** Every acknowledgement: a success result with its fields, or an error result (never a stack trace). */
export type AckResult<T extends object = object> = ({ ok: true } & T) | { ok: false; error: ChatError };
export type Ack<T extends object = object> = (result: AckResult<T>) => void;

/** Errors worth sending again with the same client id (the server may succeed next time). */
export const RETRYABLE_CHAT_ERRORS: readonly ChatErrorCode[] = ['STORAGE_FAILED'];

/** The agent in a visitor's room, as the visitor sees them. */
export type RoomAgent = { name: string } | null;

export type VisitorSyncResult = {
  messages: ChatMessage[];
  agent: RoomAgent;
  /** An opaque, stable name for this visitor's conversation: the widget keeps its unsent messages under it. */
  outboxKey: string;
};

// ---- Visitor namespace (/chat) ----

export interface VisitorClientToServerEvents {
  'message:send': (payload: { clientId: string; message: string }, ack: Ack<{ message: ChatMessage }>) => void;
  /** Messages after `afterId` (all recent ones when omitted), for first load and every reconnect. */
  'conversation:sync': (payload: { afterId?: number }, ack: Ack<VisitorSyncResult>) => void;
  'typing:update': (payload: { typing: boolean }) => void;
  /** The site path the visitor is on, shown to agents. */
  'page:update': (payload: { path: string }) => void;
}

export interface VisitorServerToClientEvents {
  'message:created': (message: ChatMessage) => void;
  'room:updated': (room: { agent: RoomAgent }) => void;
  'typing:updated': (typing: { sender: 'agent'; name: string; typing: boolean }) => void;
}

// ---- Agent namespace (/agent) ----

export type ConversationSummary = {
  id: number;
  /** A signed-in patient's name and e-mail; null for anonymous visitors ('Visitor' + short id). */
  visitorName: string | null;
  visitorEmail: string | null;
  shortId: string;
  currentPage: string | null;
  lastMessage: { sender: ChatSender; preview: string; createdAt: string } | null;
  lastActivityAt: string;
  /** When the oldest visitor message not yet answered by an agent was sent; null if none is waiting. */
  waitingSince: string | null;
  unreadCount: number;
  assignedAgent: { id: number; name: string } | null;
  /** True while the visitor has the chat open somewhere. */
  visitorOnline: boolean;
};

export type AgentProfile = { id: number; name: string; role: 'agent' | 'admin' };

export interface AgentClientToServerEvents {
  'conversation:list': (
    payload: Record<string, never>,
    ack: Ack<{ conversations: ConversationSummary[]; me: AgentProfile }>,
  ) => void;
  /** History of one conversation; also marks it read. */
  'conversation:open': (
    payload: { conversationId: number },
    ack: Ack<{ conversation: ConversationSummary; messages: ChatMessage[] }>,
  ) => void;
  'conversation:read': (payload: { conversationId: number; lastMessageId: number }) => void;
  'room:join': (payload: { conversationId: number }, ack: Ack<{ conversation: ConversationSummary }>) => void;
  'room:leave': (payload: { conversationId: number }, ack: Ack<{ conversation: ConversationSummary }>) => void;
  'message:send': (
    payload: { conversationId: number; clientId: string; message: string },
    ack: Ack<{ message: ChatMessage }>,
  ) => void;
  'typing:update': (payload: { conversationId: number; typing: boolean }) => void;
}

export interface AgentServerToClientEvents {
  'message:created': (event: { conversationId: number; message: ChatMessage }) => void;
  /** A conversation's summary changed (new message, page, claim, read, visitor online). */
  'room:updated': (conversation: ConversationSummary) => void;
  'typing:updated': (event: { conversationId: number; typing: boolean }) => void;
}

/** Events between Socket.IO servers (one process today; see the scale-out note in attach-chat.ts). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface InterServerEvents {}

/** What the server keeps on each socket (`socket.data`), set by the handshake middleware. */
export type SocketData = {
  ip: string;
  /** Visitor sockets: the conversation owner key ('v:<id>' or 'u:<user id>'). */
  visitorKey?: string;
  /** The signed-in user (patient on /chat, agent or admin on /agent), else null. */
  user: { id: number; email: string; fullName: string; role: 'patient' | 'agent' | 'admin' } | null;
  sessionId: string | null;
  /** Visitor sockets: the page last reported. */
  page?: string;
};
