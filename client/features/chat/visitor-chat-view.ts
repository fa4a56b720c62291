/**
 * What the visitor's chat shows, without React: the stored messages, the notices between them
 * (an agent joined or left), the typing indicators and the connection status. Every change is
 * passed to the subscribers as a new state object (for useSyncExternalStore).
 */
import type { ChatMessage, RoomAgent } from '../../../shared/chat-events';
import { displayItems, type ChatNotice, type DisplayItem } from './display-items';

export type VisitorChatStatus = 'connecting' | 'connected' | 'offline' | 'refused';

/** 'How did we do?': not asked, asked (the conversation was resolved), or answered. */
export type VisitorRatingState = 'none' | 'requested' | 'sent';

export type VisitorChatState = {
  status: VisitorChatStatus;
  /** Why the server refused the connection, in words for the visitor. */
  refusal: string | null;
  /** True once the first history fetch has answered. */
  ready: boolean;
  /** The greeting shows when the visitor first opens a chat with no messages. */
  greetingAt: string | null;
  items: DisplayItem[];
  agent: RoomAgent;
  botTyping: boolean;
  agentTyping: string | null;
  /** The conversation's reference ('#123'), null before the first message. */
  reference: string | null;
  /** The last message id this visitor has seen (any tab, any visit). */
  seenMessageId: number;
  /** Bot and agent messages after `seenMessageId`: the launcher's badge. */
  unread: number;
  rating: VisitorRatingState;
};

/** The state before the socket has said anything. */
export const initialVisitorChatState: VisitorChatState = {
  status: 'connecting',
  refusal: null,
  ready: false,
  greetingAt: null,
  items: [],
  agent: null,
  botTyping: false,
  agentTyping: null,
  reference: null,
  seenMessageId: 0,
  unread: 0,
  rating: 'none',
};

type Pending = readonly { clientId: string; message: string; createdAt: string }[];

export type VisitorChatView = ReturnType<typeof createVisitorChatView>;

/** `pending` gives the messages still waiting to be sent; they are shown after the stored ones. */
export function createVisitorChatView(status: VisitorChatStatus, pending: () => Pending) {
  const stored = new Map<number, ChatMessage>();
  const notices: ChatNotice[] = [];
  const listeners = new Set<(state: VisitorChatState) => void>();
  let state: VisitorChatState = { ...initialVisitorChatState, status };
  let noticeCount = 0;
  /**
   * 'Bot is typing...' is the server's word: a reply is owed (`owedReplyId`) and not yet settled. Ids only grow, so an
   * answer that arrives late (a sync read before the reply went) cannot bring back the dots of a settled reply.
   */
  let owedReplyId: number | null = null;
  let settledReplyId = 0;

  const lastStoredId = () => {
    let last = 0;
    for (const id of stored.keys()) if (id > last) last = id;
    return last;
  };

  const unreadAfter = (seen: number) => {
    let count = 0;
    for (const message of stored.values()) if (message.sender !== 'user' && message.id > seen) count += 1;
    return count;
  };

  const update = (patch: Partial<VisitorChatState> = {}) => {
    const next = { ...state, ...patch };
    state = {
      ...next,
      items: displayItems(stored.values(), notices, pending()),
      unread: unreadAfter(next.seenMessageId),
      // With an agent in the room the bot stays quiet (the server drops the reply when it is due).
      botTyping: owedReplyId !== null && owedReplyId > settledReplyId && next.agent === null,
    };
    for (const listener of listeners) listener(state);
  };

  return {
    getState: () => state,
    subscribe: (listener: (next: VisitorChatState) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    update,
    /** The server owes a bot reply (typing) or settled it (sent, or dropped for an agent); shown at the next update. */
    botReply(replyId: number, typing: boolean) {
      if (typing) owedReplyId = Math.max(owedReplyId ?? 0, replyId);
      else settledReplyId = Math.max(settledReplyId, replyId);
    },
    /** What a sync said is owed now (null: nothing, e.g. the reply went while this tab was offline). */
    botReplyAtSync(replyId: number | null) {
      owedReplyId = replyId === null ? null : Math.max(owedReplyId ?? 0, replyId);
    },
    /** Keeps a message the server stored (shown at the next update). Returns true if it is new. */
    addStored(message: ChatMessage) {
      const isNew = !stored.has(message.id);
      stored.set(message.id, message);
      return isNew;
    },
    /** The id to fetch after on a reconnect; undefined before any message arrived. */
    lastStoredId: () => (stored.size ? lastStoredId() : undefined),
    storedCount: () => stored.size,
    /** The identity changed (sign-in merged the conversation): the new history replaces this one (next update). */
    clearStored() {
      stored.clear();
      notices.length = 0;
    },
    /** A line such as "Ada joined the chat", placed after the newest stored message. */
    addNotice(text: string) {
      notices.push({ afterId: lastStoredId(), key: `notice-${++noticeCount}`, text });
    },
    /** The visitor changed (log-out): their conversation leaves the screen. */
    forget() {
      stored.clear();
      notices.length = 0;
      owedReplyId = null;
      update({
        status: 'connecting',
        ready: false,
        greetingAt: null,
        agent: null,
        agentTyping: null,
        reference: null,
        seenMessageId: 0,
        rating: 'none',
      });
    },
    destroy() {
      listeners.clear();
    },
  };
}
