/**
 * The visitor's side of the chat without React: the message list, the outbox and the rules
 * that make sure nothing a visitor sends is lost or doubled on a poor mobile connection.
 *
 * - Every message gets a client id and waits in the outbox until the server acknowledges it
 *   (the server stores each client id once and acknowledges after the commit). The outbox is
 *   kept in localStorage (outbox-store.ts), so a reload or an outage of any length loses nothing.
 * - Messages are sent one at a time, in order, by the shared retry policy (client/lib/socket-retry.ts):
 *   a lost acknowledgement is retried with backoff for as long as it takes; only a refusal (rate
 *   limit, invalid text) or repeated server failures remove a message and report it ('Message Error').
 * - On every (re)connect the client first fetches what it missed from the database, which also
 *   settles any message whose acknowledgement was lost, then sends what is still waiting.
 */
import type { ChatError, ChatMessage, RoomAgent } from '../../../shared/chat-events';
import { chatTexts } from '../../../shared/chat-texts';
import { CHAT_MESSAGE_MAX_LENGTH } from '../../../shared/constants';
import { newClientId } from '../../lib/client-id';
import type { VisitorSocket } from '../../lib/socket';
import { createRetryPolicy, type RetryPolicy } from '../../lib/socket-retry';
import { displayItems, type ChatNotice, type DisplayItem } from './display-items';
import { browserStorage, createOutboxStore, type OutboxStorage } from './outbox-store';
import { createOutboxSender } from './outbox-sender';

export type { DisplayItem } from './display-items';

export type VisitorChatStatus = 'connecting' | 'connected' | 'offline' | 'refused';

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
};

export type SendFailure = { text: string; error: ChatError | null };

export type VisitorChatOptions = {
  /** Overrides parts of the shared retry policy (tests shorten the waits). */
  retry?: Partial<RetryPolicy>;
  /** Where unsent messages are kept; localStorage in the browser, none when null. */
  storage?: OutboxStorage | null;
  /** Called when a message could not be sent (removed from view). */
  onFailed?: (failure: SendFailure) => void;
  /** Called for every reply that arrives (bot or agent), for the unread badge. */
  onReply?: (message: ChatMessage) => void;
};

const BOT_TYPING_FALLBACK_MS = 10_000;
const REFUSED_RETRY_MS = 30_000;

/** The text as the server will store it, or null when there is nothing to send. */
export function normaliseMessage(text: string): string | null {
  const message = text.replace(/\r\n?/g, '\n').trim();
  return message && message.length <= CHAT_MESSAGE_MAX_LENGTH ? message : null;
}

export type VisitorChatClient = ReturnType<typeof createVisitorChatClient>;

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
};

export function createVisitorChatClient(socket: VisitorSocket, options: VisitorChatOptions = {}) {
  const policy = createRetryPolicy(options.retry);
  const store = createOutboxStore(options.storage === undefined ? browserStorage() : options.storage);
  const stored = new Map<number, ChatMessage>();
  const notices: ChatNotice[] = [];
  const listeners = new Set<(state: VisitorChatState) => void>();
  let state: VisitorChatState = { ...initialVisitorChatState, status: socket.connected ? 'connected' : 'connecting' };
  let synced = false;
  let page: string | null = null;
  let destroyed = false;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let botTypingTimer: ReturnType<typeof setTimeout> | undefined;
  let noticeCount = 0;

  const later = (ms: number, task: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!destroyed) task();
    }, ms);
    timers.add(timer);
  };

  const lastStoredId = () => {
    let last = 0;
    for (const id of stored.keys()) if (id > last) last = id;
    return last;
  };

  const update = (patch: Partial<VisitorChatState> = {}) => {
    state = { ...state, ...patch, items: displayItems(stored.values(), notices, sender.items()) };
    for (const listener of listeners) listener(state);
  };

  const setBotTyping = (typing: boolean) => {
    clearTimeout(botTypingTimer);
    if (typing) botTypingTimer = setTimeout(() => update({ botTyping: false }), BOT_TYPING_FALLBACK_MS);
    return typing;
  };

  /** Adds a stored message; settles the outbox entry with the same client id. Returns true if new. */
  const addStored = (message: ChatMessage) => {
    const isNew = !stored.has(message.id);
    stored.set(message.id, message);
    if (message.clientId) sender.settle(message.clientId);
    return isNew;
  };

  const sender = createOutboxSender({
    socket,
    policy,
    store,
    canSend: () => synced && !destroyed,
    later,
    onAcked: (message) => {
      addStored(message);
      update();
    },
    onFailed: (outgoing, error) => {
      update({ botTyping: sender.items().length ? state.botTyping : setBotTyping(false) });
      options.onFailed?.({ text: outgoing.message, error });
    },
  });

  const sync = () => {
    const afterId = stored.size ? lastStoredId() : undefined;
    socket.timeout(policy.ackTimeoutMs).emit('conversation:sync', afterId === undefined ? {} : { afterId }, (error, result) => {
      if (destroyed) return;
      if (error || !result.ok) {
        // Try again shortly while connected; a reconnect syncs anyway.
        if (socket.connected) later(policy.delayMs(1), sync);
        return;
      }
      sender.adopt(result.outboxKey);
      let replies = false;
      for (const message of result.messages) if (addStored(message) && message.sender !== 'user') replies = true;
      const firstLoad = !state.ready;
      synced = true;
      update({
        ready: true,
        agent: result.agent,
        greetingAt: state.greetingAt ?? (firstLoad && stored.size === 0 && sender.items().length === 0 ? new Date().toISOString() : null),
        botTyping: replies ? setBotTyping(false) : state.botTyping,
      });
      sender.pump();
    });
  };

  /** The session ended (log-out): that account's conversation leaves the screen; its unsent messages stay stored for it. */
  const forgetVisitor = () => {
    stored.clear();
    sender.forget();
    notices.length = 0;
    update({ status: 'connecting', ready: false, greetingAt: null, agent: null, botTyping: setBotTyping(false), agentTyping: null });
  };

  registerConnectionEvents(socket, {
    later,
    connected: () => {
      synced = false;
      update({ status: 'connected', refusal: null });
      if (page) socket.emit('page:update', { path: page });
      sync();
    },
    offline: () => {
      synced = false;
      update({ status: 'offline' });
    },
    sessionEnded: () => {
      synced = false;
      forgetVisitor();
    },
    refused: (message) => update({ status: 'refused', refusal: message }),
  });
  registerRoomEvents(socket, {
    addStored,
    update,
    setBotTyping,
    getState: () => state,
    addNotice: (text) => notices.push({ afterId: lastStoredId(), key: `notice-${++noticeCount}`, text }),
    onReply: (message) => options.onReply?.(message),
  });
  const stopWatchingNetwork = watchBrowserNetwork(socket, () => update({ status: 'offline' }));

  if (sender.items().length) update();
  if (socket.connected) sync();

  return {
    getState: () => state,
    subscribe(listener: (next: VisitorChatState) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Queues a message; false when there is nothing to send (empty or whitespace only). */
    send(text: string): boolean {
      const message = normaliseMessage(text);
      if (!message) return false;
      sender.add(message, newClientId());
      update({ botTyping: state.agent ? state.botTyping : setBotTyping(true), greetingAt: state.greetingAt });
      sender.pump();
      return true;
    },
    setTyping(typing: boolean) {
      if (socket.connected) socket.emit('typing:update', { typing });
    },
    setPage(path: string) {
      page = path;
      if (socket.connected) socket.emit('page:update', { path });
    },
    /** Messages still waiting for the server. */
    pendingCount: () => sender.items().length,
    destroy() {
      destroyed = true;
      stopWatchingNetwork();
      clearTimeout(botTypingTimer);
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      listeners.clear();
      socket.disconnect();
    },
  };
}

/** Connects, drops and refusals; says when to reconnect by hand (the client does not after a server-side disconnect or a refusal). */
function registerConnectionEvents(
  socket: VisitorSocket,
  deps: {
    later: (ms: number, task: () => void) => void;
    connected: () => void;
    offline: () => void;
    sessionEnded: () => void;
    refused: (message: string) => void;
  },
) {
  socket.on('connect', deps.connected);
  socket.on('disconnect', (reason) => {
    if (reason === 'io server disconnect') {
      // Only a session's end disconnects a visitor on purpose (a restart closes the transport):
      // reconnect as whoever the cookies now say.
      deps.sessionEnded();
      deps.later(1000, () => socket.connect());
      return;
    }
    deps.offline();
  });
  socket.on('connect_error', (error) => {
    const data = (error as Error & { data?: ChatError }).data;
    if (data?.message) {
      // Refused by the server (not the network): say why, and try again later.
      deps.refused(data.message);
      deps.later(REFUSED_RETRY_MS, () => socket.connect());
    } else {
      deps.offline();
    }
  });
}

/** Messages, agents joining or leaving, and typing, as the server announces them. */
function registerRoomEvents(
  socket: VisitorSocket,
  deps: {
    addStored: (message: ChatMessage) => boolean;
    update: (patch?: Partial<VisitorChatState>) => void;
    setBotTyping: (typing: boolean) => boolean;
    getState: () => VisitorChatState;
    addNotice: (text: string) => void;
    onReply: (message: ChatMessage) => void;
  },
) {
  const { addStored, update, setBotTyping, getState } = deps;
  socket.on('message:created', (message) => {
    if (!addStored(message)) return;
    const state = getState();
    update({
      botTyping: message.sender === 'bot' && message.message === chatTexts.botReply ? setBotTyping(false) : state.botTyping,
      agentTyping: message.sender === 'agent' ? null : state.agentTyping,
    });
    if (message.sender !== 'user') deps.onReply(message);
  });
  socket.on('room:updated', ({ agent }) => {
    const state = getState();
    const previous = state.agent;
    if (agent?.name !== previous?.name) {
      const text = agent ? chatTexts.agentJoined(agent.name) : previous ? chatTexts.agentLeft(previous.name) : null;
      if (text) deps.addNotice(text);
    }
    update({ agent, botTyping: agent ? setBotTyping(false) : state.botTyping, agentTyping: agent ? state.agentTyping : null });
  });
  socket.on('typing:updated', ({ name, typing }) => update({ agentTyping: typing ? name : null }));
}

/**
 * The browser knows at once when the network goes: drop the transport so the banner shows and
 * reconnection starts now, not after the ping timeout. Back online: connect at once.
 */
function watchBrowserNetwork(socket: VisitorSocket, onOffline: () => void) {
  if (typeof window === 'undefined') return () => undefined;
  const offline = () => {
    onOffline();
    if (socket.connected) socket.io.engine?.close();
  };
  const online = () => {
    if (!socket.connected && !socket.active) socket.connect();
  };
  window.addEventListener('offline', offline);
  window.addEventListener('online', online);
  return () => {
    window.removeEventListener('offline', offline);
    window.removeEventListener('online', online);
  };
}
