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
import type { ChatError, ChatMessage, ChatRatingInput, VisitorSyncResult } from '../../../shared/chat-events';
import { chatTexts } from '../../../shared/chat-texts';
import { CHAT_MESSAGE_MAX_LENGTH } from '../../../shared/constants';
import { newClientId } from '../../lib/client-id';
import type { VisitorSocket } from '../../lib/socket';
import { createRetryPolicy, type RetryPolicy } from '../../lib/socket-retry';
import { createChatTimers } from './chat-timers';
import { createHistorySync } from './history-sync';
import { browserStorage, createOutboxStore, type OutboxStorage } from './outbox-store';
import { createOutboxSender } from './outbox-sender';
import { createSeenReporter } from './seen-reporter';
import { createVisitorChatView, type VisitorChatView } from './visitor-chat-view';
import { wireVisitorSocket } from './visitor-socket-events';

export type SendFailure = { text: string; error: ChatError | null };

/** How long to wait before reconnecting again when the server still sees the old identity (history-sync.ts). */
const IDENTITY_RETRY_MS = 1000;

/** No answer in time (offline, or the server is slow): the visitor may send the rating again. */
const RATING_NOT_SENT: ChatError = { code: 'STORAGE_FAILED', message: chatTexts.errorDescription };

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

/** The text as the server will store it, or null when there is nothing to send. */
export function normaliseMessage(text: string): string | null {
  const message = text.replace(/\r\n?/g, '\n').trim();
  return message && message.length <= CHAT_MESSAGE_MAX_LENGTH ? message : null;
}

export type VisitorChatClient = ReturnType<typeof createVisitorChatClient>;

export function createVisitorChatClient(socket: VisitorSocket, options: VisitorChatOptions = {}) {
  const policy = createRetryPolicy(options.retry);
  const timers = createChatTimers();
  const view = createVisitorChatView(socket.connected ? 'connected' : 'connecting', () => sender.items());
  const session: VisitorSession = { synced: false, page: null, referenceAsked: false };
  const canSend = () => session.synced && !timers.stopped();
  const askReference = () => {
    if (!session.synced || session.referenceAsked || view.getState().reference !== null || !view.storedCount()) return;
    session.referenceAsked = true;
    history.sync();
  };
  const { sender, addStored } = createVisitorOutbox(socket, {
    policy,
    options,
    timers,
    view,
    canSend,
    onAcked: askReference,
  });
  const seen = createSeenReporter({
    report: (lastMessageId) => socket.emit('conversation:seen', { lastMessageId }),
    canReport: () => session.synced && socket.connected && !timers.stopped(),
  });

  const markSynced = (result: VisitorSyncResult, replaced: boolean) => {
    session.synced = true;
    seen.known(result.seenMessageId, replaced);
    seen.flush();
  };
  const { later, stopped } = timers;
  /** A new handshake at once, so the server sees the cookies as they are now (a new session). */
  const reconnect = () => {
    session.synced = false;
    socket.disconnect();
    socket.connect();
  };
  const history = createHistorySync(socket, {
    policy,
    later,
    stopped,
    view,
    sender,
    addStored,
    markSynced,
    identityNotYet: () => later(IDENTITY_RETRY_MS, reconnect),
  });
  const sync = history.sync;

  const stopWatchingNetwork = watchVisitorNetwork(socket, session, {
    view,
    sender,
    seen,
    history,
    addStored,
    later,
    reconnect,
    onReply: options.onReply,
  });

  // After the handler above has stored it (the echo may come before the acknowledgement).
  socket.on('message:created', askReference);

  if (sender.items().length) view.update();
  if (socket.connected) sync();

  return visitorChatCommands({
    socket,
    policy,
    timers,
    view,
    sender,
    seen,
    setPage(path: string) {
      session.page = path;
      if (socket.connected) socket.emit('page:update', { path });
    },
    stopWatchingNetwork,
  });
}

/** A visitor's connection as the client knows it; the network and the commands both change it. */
type VisitorSession = {
  /** Caught up with the server since the last (re)connect: sending may go on. */
  synced: boolean;
  /** The page the visitor is on, told to the server again after a reconnect. */
  page: string | null;
  /** The first message of a conversation creates its reference: one more sync fetches it. */
  referenceAsked: boolean;
};

type NetworkParts = {
  view: VisitorChatView;
  sender: ReturnType<typeof createVisitorOutbox>['sender'];
  seen: ReturnType<typeof createSeenReporter>;
  history: ReturnType<typeof createHistorySync>;
  addStored: (message: ChatMessage) => boolean;
  later: ReturnType<typeof createChatTimers>['later'];
  reconnect: () => void;
  onReply: VisitorChatOptions['onReply'];
};

/** What the socket's comings and goings do to the session, the view and the outbox; answers how to stop watching. */
function watchVisitorNetwork(socket: VisitorSocket, session: VisitorSession, parts: NetworkParts) {
  const { view, sender, seen, history, addStored, later, reconnect, onReply } = parts;
  return wireVisitorSocket(socket, {
    later,
    connected: () => {
      session.synced = false;
      view.update({ status: 'connected', refusal: null });
      if (session.page) socket.emit('page:update', { path: session.page });
      history.sync();
    },
    offline: () => {
      session.synced = false;
      view.update({ status: 'offline' });
    },
    // The session ended (log-out): that account's conversation leaves the screen; its unsent
    // messages stay stored for it.
    sessionEnded: () => {
      session.synced = false;
      session.referenceAsked = false;
      seen.reset();
      sender.forget();
      view.forget();
    },
    // Signed in elsewhere: a new handshake at once, so the server sees the new session; the sync
    // after it brings the merged history.
    identityChanged: () => {
      session.referenceAsked = false;
      history.replaceOnNextSync();
      reconnect();
    },
    refused: (message) => view.update({ status: 'refused', refusal: message }),
    view,
    addStored,
    onReply: (message) => onReply?.(message),
  });
}

type VisitorChatParts = {
  socket: VisitorSocket;
  policy: RetryPolicy;
  timers: ReturnType<typeof createChatTimers>;
  view: VisitorChatView;
  sender: ReturnType<typeof createVisitorOutbox>['sender'];
  seen: ReturnType<typeof createSeenReporter>;
  setPage: (path: string) => void;
  stopWatchingNetwork: () => void;
};

/** What the chat panel can do with the client: send, rate, report what was seen, and let go. */
function visitorChatCommands(parts: VisitorChatParts) {
  const { socket, policy, timers, view, sender, seen, setPage, stopWatchingNetwork } = parts;
  return {
    getState: view.getState,
    subscribe: view.subscribe,
    /** Queues a message; false when there is nothing to send (empty or whitespace only). */
    send(text: string): boolean {
      const message = normaliseMessage(text);
      if (!message) return false;
      sender.add(message, newClientId());
      // No 'Bot is typing...' yet: the server says whether this message is owed a reply (one per waiting period).
      view.update();
      sender.pump();
      return true;
    },
    setTyping(typing: boolean) {
      if (socket.connected) socket.emit('typing:update', { typing });
    },
    setPage,
    /** The panel shows the messages: they no longer count as unread, here or on the next visit. */
    markSeen() {
      const last = view.lastStoredId();
      if (last === undefined || last <= view.getState().seenMessageId) return;
      view.update({ seenMessageId: last });
      seen.seen(last);
    },
    /** Reports what was seen now rather than after the pause (the panel closes). */
    flushSeen: () => seen.flush(),
    /** The visitor opened 'Continue on WhatsApp' (sent when the connection is back if offline). */
    whatsAppOpened() {
      socket.emit('whatsapp:opened', {});
    },
    /** 'How did we do?': resolves with null when the server stored the rating, else the error to show. */
    sendRating(input: ChatRatingInput): Promise<ChatError | null> {
      return new Promise((resolve) => {
        socket.timeout(policy.ackTimeoutMs).emit('rating:send', input, (error, result) => {
          if (error) return resolve(RATING_NOT_SENT);
          if (!result.ok) return resolve(result.error);
          if (!timers.stopped()) view.update({ rating: 'sent' });
          resolve(null);
        });
      });
    },
    /** Messages still waiting for the server. */
    pendingCount: () => sender.items().length,
    destroy() {
      seen.flush();
      seen.stop();
      timers.stopAll();
      stopWatchingNetwork();
      view.destroy();
      socket.disconnect();
    },
  };
}

/** The outbox wired to the view: acknowledged messages join the list, refused ones leave it and are reported. */
function createVisitorOutbox(
  socket: VisitorSocket,
  deps: {
    policy: RetryPolicy;
    options: VisitorChatOptions;
    timers: ReturnType<typeof createChatTimers>;
    view: VisitorChatView;
    canSend: () => boolean;
    onAcked: () => void;
  },
) {
  const { options, view } = deps;
  /** Adds a stored message; settles the outbox entry with the same client id. Returns true if new. */
  const addStored = (message: ChatMessage) => {
    const isNew = view.addStored(message);
    if (message.clientId) sender.settle(message.clientId);
    return isNew;
  };

  const sender = createOutboxSender({
    socket,
    policy: deps.policy,
    store: createOutboxStore(options.storage === undefined ? browserStorage() : options.storage),
    canSend: deps.canSend,
    later: deps.timers.later,
    onAcked: (message) => {
      addStored(message);
      view.update();
      deps.onAcked();
    },
    onFailed: (outgoing, error) => {
      view.update();
      options.onFailed?.({ text: outgoing.message, error });
    },
  });

  return { sender, addStored };
}
