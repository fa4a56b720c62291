/**
 * Typed Socket.IO event maps for the live support chat, used by the server and both
 * clients (visitor widget and agent console). Types are not validation: the server parses
 * every payload with the zod schemas in shared/schemas/chat.ts.
 *
 * Naming: `entity:verb`. Clients send the imperative (`message:send`, `room:join`); the
 * server broadcasts the past tense (`message:created`, `room:updated`).
 */

import type { ChatAttachment } from './chat-attachments';
import type { HandedBackRoom } from './staff-alerts';

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
  /** A file the patient sent with it (WhatsApp, issue #30): for agents only, never sent to the visitor. */
  attachment?: ChatAttachment;
  /** WhatsApp conversations (issue #30): how far a bot or agent message got to the patient's phone. */
  delivery?: MessageDelivery;
};

/** A desk message's state in the messaging outbox (agents only). */
export type MessageDelivery = 'queued' | 'sent' | 'delivered' | 'read' | 'failed' | 'cancelled';

export type ChatErrorCode =
  | 'INVALID_PAYLOAD'
  | 'RATE_LIMITED'
  | 'STORAGE_FAILED'
  | 'NOT_FOUND'
  | 'ALREADY_CLAIMED'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'TOO_MANY_CONNECTIONS'
  | 'NO_ADDRESS'
  | 'WINDOW_CLOSED';

export type ChatError = {
  code: ChatErrorCode;
  message: string;
  retryAfterSeconds?: number;
  /** INVALID_PAYLOAD on a form (contact details): the field the message is about, so it shows beside that field. */
  field?: string;
  /** ALREADY_CLAIMED: who holds the room, so the console can offer 'Ask to transfer'. */
  holder?: { id: number; name: string };
};

/** Every acknowledgement: a success result with its fields, or an error result (never a stack trace). */
export type AckResult<T extends object = object> = ({ ok: true } & T) | { ok: false; error: ChatError };
export type Ack<T extends object = object> = (result: AckResult<T>) => void;

/** Errors worth sending again with the same client id (the server may succeed next time). */
export const RETRYABLE_CHAT_ERRORS: readonly ChatErrorCode[] = ['STORAGE_FAILED'];

/** The agent in a visitor's room, as the visitor sees them. */
export type RoomAgent = { name: string } | null;

/** A conversation's state on the desk (issue #14): a new visitor message reopens a resolved one. */
export type ConversationStatus = 'open' | 'pending' | 'resolved';
export const CONVERSATION_STATUS_LABELS: Record<ConversationStatus, string> = {
  open: 'Open',
  pending: 'Pending',
  resolved: 'Resolved',
};

export type VisitorSyncResult = {
  messages: ChatMessage[];
  agent: RoomAgent;
  /** An opaque, stable name for this visitor's conversation: the widget keeps its unsent messages under it. */
  outboxKey: string;
  /** The conversation's reference the visitor can quote ('#123'), null before the first message. */
  reference: string | null;
  /** The last message id this visitor has seen (any tab, any visit): the launcher's unread count starts after it. */
  seenMessageId: number;
  /** True when the conversation was resolved and the visitor has not rated it yet ('How did we do?'). */
  ratingRequested: boolean;
  /** The bot reply the conversation is owed (its id), else null: the widget shows 'Bot is typing...' only then. */
  botReplyOwed: number | null;
};

/** A visitor's answer to 'How did we do?'. */
export type ChatRatingInput = { rating: 1 | 2 | 3 | 4 | 5; comment?: string };

// ---- Visitor namespace (/chat) ----

export interface VisitorClientToServerEvents {
  'message:send': (payload: { clientId: string; message: string }, ack: Ack<{ message: ChatMessage }>) => void;
  /** Messages after `afterId` (all recent ones when omitted), for first load and every reconnect. */
  'conversation:sync': (payload: { afterId?: number }, ack: Ack<VisitorSyncResult>) => void;
  'typing:update': (payload: { typing: boolean }) => void;
  /** The site path the visitor is on, shown to agents. */
  'page:update': (payload: { path: string }) => void;
  /** The visitor has seen messages up to this id (panel open): clears the launcher's unread count on every visit. */
  'conversation:seen': (payload: { lastMessageId: number }) => void;
  /** The visitor pressed 'Continue on WhatsApp': agents see that they moved. */
  'whatsapp:opened': (payload: Record<string, never>) => void;
  /** 'How did we do?' after the conversation was resolved. */
  'rating:send': (payload: ChatRatingInput, ack: Ack) => void;
}

export interface VisitorServerToClientEvents {
  'message:created': (message: ChatMessage) => void;
  'room:updated': (room: { agent: RoomAgent }) => void;
  /**
   * An agent typing, or the bot: `typing` true when a bot reply is owed (stored, not yet sent), false once it is sent
   * or dropped (an agent took over). `replyId` names the owed reply, so a late word about an older one changes nothing.
   */
  'typing:updated': (
    typing: { sender: 'agent'; name: string; typing: boolean } | { sender: 'bot'; replyId: number; typing: boolean },
  ) => void;
  /** An agent resolved the conversation: the widget asks 'How did we do?'. */
  'conversation:resolved': () => void;
  /**
   * The visitor signed in (or out) in another request: this socket's identity is stale. The widget reconnects at once,
   * so the handshake carries the new session and the conversation continues as the patient's (merged on the server).
   */
  'identity:changed': () => void;
}

// ---- Agent namespace (/agent) ----

export type ConversationSummary = {
  id: number;
  /** A signed-in patient's name and e-mail; null for anonymous visitors ('Visitor' + short id). */
  visitorName: string | null;
  visitorEmail: string | null;
  shortId: string;
  currentPage: string | null;
  /** The visitor's last words (issue #29.3), or the last message when the visitor has written nothing yet. */
  lastMessage: { sender: ChatSender; preview: string; createdAt: string } | null;
  lastActivityAt: string;
  /** When the oldest visitor message not yet answered by an agent was sent; null if none is waiting. */
  waitingSince: string | null;
  unreadCount: number;
  assignedAgent: { id: number; name: string } | null;
  /** True while the visitor has the chat open somewhere. */
  visitorOnline: boolean;
  status: ConversationStatus;
  /** Set by a red-flag message; stays until the conversation is resolved. Urgent rooms sort first. */
  urgent: boolean;
  /** The e-mail address or WhatsApp number the visitor gave the bot for a follow-up (out of hours). */
  followUpContact: { kind: 'email' | 'whatsapp'; value: string } | null;
  /** When the visitor pressed 'Continue on WhatsApp' (ISO-8601), else null. */
  movedToWhatsAppAt: string | null;
  /** The visitor's latest rating of this conversation (1–5), else null. */
  rating: number | null;
  /** The comment the visitor left with that rating, else null. */
  ratingComment: string | null;
  /** Contact details an agent added or corrected in the chat (issue #29.4); the phone in E.164. */
  contact: ChatContact;
  /** Where 'E-mail transcript' goes (the patient's address, one an agent added, or one left for the bot), else null. */
  transcriptEmail: string | null;
  /** 'web' (the widget) or 'whatsapp' (issue #30). */
  channel: 'web' | 'whatsapp';
  /**
   * WhatsApp conversations: when the 24-hour window for free text ends (ISO, null when the patient has not written
   * on WhatsApp), and when a web conversation moved to WhatsApp by its reference (null otherwise).
   */
  whatsApp: { windowEndsAt: string | null; joinedAt: string | null } | null;
};

export type ChatContact = { name: string | null; email: string | null; phone: string | null };

/** A private note in a conversation: staff see it, the visitor never does (issue #29.3). */
export type ChatNote = { id: number; body: string; createdAt: string; agentName: string | null };

export type AgentProfile = { id: number; name: string; role: 'agent' | 'admin' };

/** Console views (issue #14): each with a count. */
export type ChatView = 'mine' | 'unassigned' | 'open' | 'resolved';
export const CHAT_VIEW_LABELS: Record<ChatView, string> = {
  mine: 'Mine',
  unassigned: 'Unassigned',
  open: 'All open',
  resolved: 'Resolved',
};
export type ChatViewCounts = Record<ChatView, number>;

export type AgentPresenceStatus = 'online' | 'away' | 'offline';
/** A staff member as colleagues see them: offline means no console connected. */
export type AgentPresence = { id: number; name: string; status: AgentPresenceStatus };

export type CannedReply = { id: number; title: string; body: string };

/** Average rating over a window; average null when there is none. */
export type RatingAverage = { average: number | null; count: number };
export type RatingSummary = { last7Days: RatingAverage; last30Days: RatingAverage };

/** Everything the console needs when it connects or changes view. */
export type ConversationListResult = {
  conversations: ConversationSummary[];
  counts: ChatViewCounts;
  me: AgentProfile;
  team: AgentPresence[];
  cannedReplies: CannedReply[];
  ratings: RatingSummary;
};

export interface AgentClientToServerEvents {
  /** One view, optionally searched (visitor name, e-mail or message text); urgent rooms first, then newest activity. */
  'conversation:list': (payload: { view?: ChatView; search?: string }, ack: Ack<ConversationListResult>) => void;
  /** History of one conversation; also marks it read. */
  'conversation:open': (
    payload: { conversationId: number },
    ack: Ack<{ conversation: ConversationSummary; messages: ChatMessage[]; notes: ChatNote[] }>,
  ) => void;
  'conversation:read': (payload: { conversationId: number; lastMessageId: number }) => void;
  /**
   * Claims the room. When a colleague who is online holds it, the error is ALREADY_CLAIMED with `holder`, and the
   * console offers 'Ask to transfer'.
   */
  'room:join': (payload: { conversationId: number }, ack: Ack<{ conversation: ConversationSummary }>) => void;
  /** Assigns or transfers the room to a colleague (or to yourself). */
  'room:assign': (
    payload: { conversationId: number; agentId: number },
    ack: Ack<{ conversation: ConversationSummary }>,
  ) => void;
  /** Asks the colleague who holds the room to hand it over ('transfer:requested' reaches their consoles). */
  'transfer:request': (payload: { conversationId: number }, ack: Ack) => void;
  /** Open, Pending or Resolved. Resolving asks the visitor 'How did we do?'. */
  'conversation:status': (
    payload: { conversationId: number; status: ConversationStatus },
    ack: Ack<{ conversation: ConversationSummary }>,
  ) => void;
  /** E-mails the transcript to the visitor's known address (the patient's, or the one they gave). */
  'transcript:email': (payload: { conversationId: number }, ack: Ack<{ sentTo: string }>) => void;
  /** Online or away; offline is having no console open. */
  'presence:set': (payload: { status: 'online' | 'away' }) => void;
  /** The rooms handed back to the bot while this agent had no staff tab open; each is told once (issue #29). */
  'handback:take': (payload: Record<string, never>, ack: Ack<{ rooms: HandedBackRoom[] }>) => void;
  /** Admins only: adds (no id) or edits a canned reply. */
  'canned:save': (payload: { id?: number; title: string; body: string }, ack: Ack<{ reply: CannedReply }>) => void;
  /** Admins only. */
  'canned:delete': (payload: { id: number }, ack: Ack) => void;
  'room:leave': (payload: { conversationId: number }, ack: Ack<{ conversation: ConversationSummary }>) => void;
  'message:send': (
    payload: { conversationId: number; clientId: string; message: string },
    ack: Ack<{ message: ChatMessage }>,
  ) => void;
  'typing:update': (payload: { conversationId: number; typing: boolean }) => void;
  /**
   * After the WhatsApp window: one of the approved templates (WHATSAPP_DESK_TEMPLATES). WINDOW_CLOSED is the answer
   * to free text then.
   */
  'whatsapp:template': (
    payload: { conversationId: number; clientId: string; template: string },
    ack: Ack<{ message: ChatMessage }>,
  ) => void;
  /** A private note for colleagues; 'note:created' reaches every agent, nothing reaches the visitor. */
  'note:add': (payload: { conversationId: number; body: string }, ack: Ack<{ note: ChatNote }>) => void;
  /** Adds or corrects the visitor's name, e-mail and phone (any hour); INVALID_PAYLOAD names the field. */
  'contact:update': (
    payload: { conversationId: number; name?: string; email?: string; phone?: string },
    ack: Ack<{ conversation: ConversationSummary }>,
  ) => void;
}

export interface AgentServerToClientEvents {
  'message:created': (event: { conversationId: number; message: ChatMessage }) => void;
  /** A conversation's summary changed (new message, page, claim, read, visitor online). */
  'room:updated': (conversation: ConversationSummary) => void;
  'typing:updated': (event: { conversationId: number; typing: boolean }) => void;
  /** This agent's view counts changed ('Mine' differs per agent). */
  'counts:updated': (counts: ChatViewCounts) => void;
  /** Colleagues' presence changed. */
  'presence:updated': (team: AgentPresence[]) => void;
  /** A colleague asks this agent to hand a room over. */
  'transfer:requested': (event: { conversationId: number; from: { id: number; name: string } }) => void;
  'canned:updated': (replies: CannedReply[]) => void;
  'ratings:updated': (ratings: RatingSummary) => void;
  'note:created': (event: { conversationId: number; note: ChatNote }) => void;
  /** A receipt for a desk message sent on WhatsApp (sent, delivered, read, failed). */
  'message:delivery': (event: { conversationId: number; messageId: number; status: MessageDelivery }) => void;
}

/** Events between Socket.IO servers: none of their own; the Redis adapter carries emits between nodes (ADR 0027). */
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
