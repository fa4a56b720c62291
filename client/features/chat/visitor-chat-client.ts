/**
 * The visitor's side of the chat without React: the message list, the outbox and the rules
 * that make sure nothing a visitor sends is lost or doubled on a poor mobile connection.
 *
 * - Every message gets a client id and waits in the outbox until the server acknowledges it
 *   (the server stores each client id once and acknowledges after the commit).
 * - Messages are sent one at a time, in order; a timed-out or failed send is retried with the
 *   same client id. Only when the retries are used up (or the message has waited too long) is
 *   it removed from view and reported (the spec's 'Message Error').
 * - On every (re)connect the client first fetches what it missed from the database, which also
 *   settles any message whose acknowledgement was lost, then sends what is still waiting.
 */
import {
  RETRYABLE_CHAT_ERRORS,
  type ChatError,
  type ChatMessage,
  type ChatSender,
  type RoomAgent,
} from '../../../shared/chat-events';
import { chatTexts } from '../../../shared/chat-texts';
import { CHAT_ACK_TIMEOUT_MS, CHAT_MESSAGE_MAX_LENGTH, CHAT_SEND_GIVE_UP_MS, CHAT_SEND_MAX_ATTEMPTS } from '../../../shared/constants';
import { newClientId } from '../../lib/client-id';
import type { VisitorSocket } from '../../lib/socket';

export type DisplayItem =
  | { kind: 'message'; key: string; id: number | null; sender: ChatSender; message: string; createdAt: string; agentName: string | null; pending: boolean }
  | { kind: 'notice'; key: string; text: string };

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

type Outgoing = { clientId: string; message: string; createdAt: string; queuedAt: number; attempts: number };

export type VisitorChatOptions = {
  ackTimeoutMs?: number;
  maxAttempts?: number;
  giveUpMs?: number;
  retryDelayMs?: (attempt: number) => number;
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
  const ackTimeoutMs = options.ackTimeoutMs ?? CHAT_ACK_TIMEOUT_MS;
  const maxAttempts = options.maxAttempts ?? CHAT_SEND_MAX_ATTEMPTS;
  const giveUpMs = options.giveUpMs ?? CHAT_SEND_GIVE_UP_MS;
  const retryDelayMs = options.retryDelayMs ?? ((attempt: number) => Math.min(8000, 500 * 2 ** attempt));

  const stored = new Map<number, ChatMessage>();
  const outbox: Outgoing[] = [];
  const notices: { afterId: number; key: string; text: string }[] = [];
  const listeners = new Set<(state: VisitorChatState) => void>();
  let state: VisitorChatState = { ...initialVisitorChatState, status: socket.connected ? 'connected' : 'connecting' };
  let synced = false;
  let inFlight: Outgoing | null = null;
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

  const buildItems = (): DisplayItem[] => {
    const sorted = [...stored.values()].sort((a, b) => a.id - b.id);
    const items: DisplayItem[] = [];
    let noticeIndex = 0;
    const sortedNotices = [...notices].sort((a, b) => a.afterId - b.afterId);
    for (const message of sorted) {
      while (noticeIndex < sortedNotices.length && sortedNotices[noticeIndex]!.afterId < message.id) {
        const notice = sortedNotices[noticeIndex++]!;
        items.push({ kind: 'notice', key: notice.key, text: notice.text });
      }
      items.push({
        kind: 'message',
        key: message.clientId ?? `m${message.id}`,
        id: message.id,
        sender: message.sender,
        message: message.message,
        createdAt: message.createdAt,
        agentName: message.agentName,
        pending: false,
      });
    }
    for (; noticeIndex < sortedNotices.length; noticeIndex++) {
      const notice = sortedNotices[noticeIndex]!;
      items.push({ kind: 'notice', key: notice.key, text: notice.text });
    }
    for (const outgoing of outbox) {
      items.push({
        kind: 'message',
        key: outgoing.clientId,
        id: null,
        sender: 'user',
        message: outgoing.message,
        createdAt: outgoing.createdAt,
        agentName: null,
        pending: true,
      });
    }
    return items;
  };

  const update = (patch: Partial<VisitorChatState> = {}) => {
    state = { ...state, ...patch, items: buildItems() };
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
    if (message.clientId) {
      const index = outbox.findIndex((item) => item.clientId === message.clientId);
      if (index >= 0) outbox.splice(index, 1);
    }
    return isNew;
  };

  const fail = (outgoing: Outgoing, error: ChatError | null) => {
    const index = outbox.indexOf(outgoing);
    if (index < 0) return;
    outbox.splice(index, 1);
    update({ botTyping: outbox.length ? state.botTyping : setBotTyping(false) });
    options.onFailed?.({ text: outgoing.message, error });
  };

  const pump = () => {
    if (destroyed || inFlight || !synced || !socket.connected) return;
    const head = outbox[0];
    if (!head) return;
    if (Date.now() - head.queuedAt > giveUpMs) {
      fail(head, null);
      return pump();
    }
    head.attempts += 1;
    inFlight = head;
    socket.timeout(ackTimeoutMs).emit('message:send', { clientId: head.clientId, message: head.message }, (error, result) => {
      inFlight = null;
      if (destroyed || !outbox.includes(head)) return pump();
      if (!error && result.ok) {
        addStored(result.message);
        update();
        return pump();
      }
      const serverError = !error && !result.ok ? result.error : null;
      if (serverError && !RETRYABLE_CHAT_ERRORS.includes(serverError.code)) {
        fail(head, serverError);
        return pump();
      }
      // Lost on a dropped connection: not the message's fault, so not counted; it goes again after the next sync.
      if (error && !socket.connected) {
        head.attempts -= 1;
        return;
      }
      if (head.attempts >= maxAttempts) {
        fail(head, serverError);
        return pump();
      }
      later(retryDelayMs(head.attempts), pump);
    });
  };

  const sync = () => {
    const afterId = stored.size ? lastStoredId() : undefined;
    socket.timeout(ackTimeoutMs).emit('conversation:sync', afterId === undefined ? {} : { afterId }, (error, result) => {
      if (destroyed) return;
      if (error || !result.ok) {
        // Try again shortly while connected; a reconnect syncs anyway.
        if (socket.connected) later(retryDelayMs(1), sync);
        return;
      }
      let replies = false;
      for (const message of result.messages) if (addStored(message) && message.sender !== 'user') replies = true;
      const firstLoad = !state.ready;
      synced = true;
      update({
        ready: true,
        agent: result.agent,
        greetingAt: state.greetingAt ?? (firstLoad && stored.size === 0 && outbox.length === 0 ? new Date().toISOString() : null),
        botTyping: replies ? setBotTyping(false) : state.botTyping,
      });
      pump();
    });
  };

  // Give up on messages that have waited too long while offline.
  const giveUpCheck = setInterval(() => {
    if (destroyed) return;
    const now = Date.now();
    for (const outgoing of [...outbox]) if (outgoing !== inFlight && now - outgoing.queuedAt > giveUpMs) fail(outgoing, null);
  }, 5000);

  socket.on('connect', () => {
    synced = false;
    update({ status: 'connected', refusal: null });
    if (page) socket.emit('page:update', { path: page });
    sync();
  });
  socket.on('disconnect', (reason) => {
    synced = false;
    if (reason === 'io server disconnect') {
      // The session ended (log-out): that account's conversation leaves the screen, and the
      // chat reconnects as an anonymous visitor.
      stored.clear();
      outbox.length = 0;
      notices.length = 0;
      update({ status: 'connecting', ready: false, greetingAt: null, agent: null, botTyping: setBotTyping(false), agentTyping: null });
      later(1000, () => socket.connect());
      return;
    }
    update({ status: 'offline' });
  });
  socket.on('connect_error', (error) => {
    const data = (error as Error & { data?: ChatError }).data;
    if (data?.message) {
      // Refused by the server (not the network): say why, and try again later.
      update({ status: 'refused', refusal: data.message });
      later(REFUSED_RETRY_MS, () => socket.connect());
    } else {
      update({ status: 'offline' });
    }
  });
  socket.on('message:created', (message) => {
    if (!addStored(message)) return;
    const reply = message.sender !== 'user';
    update({
      botTyping: message.sender === 'bot' && message.message === chatTexts.botReply ? setBotTyping(false) : state.botTyping,
      agentTyping: message.sender === 'agent' ? null : state.agentTyping,
    });
    if (reply) options.onReply?.(message);
  });
  socket.on('room:updated', ({ agent }) => {
    const previous = state.agent;
    if (agent?.name !== previous?.name) {
      const text = agent ? chatTexts.agentJoined(agent.name) : previous ? chatTexts.agentLeft(previous.name) : null;
      if (text) notices.push({ afterId: lastStoredId(), key: `notice-${++noticeCount}`, text });
    }
    update({ agent, botTyping: agent ? setBotTyping(false) : state.botTyping, agentTyping: agent ? state.agentTyping : null });
  });
  socket.on('typing:updated', ({ name, typing }) => update({ agentTyping: typing ? name : null }));

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
      outbox.push({ clientId: newClientId(), message, createdAt: new Date().toISOString(), queuedAt: Date.now(), attempts: 0 });
      update({ botTyping: state.agent ? state.botTyping : setBotTyping(true), greetingAt: state.greetingAt });
      pump();
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
    pendingCount: () => outbox.length,
    destroy() {
      destroyed = true;
      clearInterval(giveUpCheck);
      clearTimeout(botTypingTimer);
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      listeners.clear();
      socket.disconnect();
    },
  };
}
