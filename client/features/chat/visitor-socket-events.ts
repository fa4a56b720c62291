/**
 * What the visitor's socket and the browser announce, turned into calls on the chat client:
 * connects, drops, refusals and identity changes; messages, agents joining or leaving, typing and
 * the conversation being resolved; the network going and coming back.
 */
import type { ChatError, ChatMessage } from '../../../shared/chat-events';
import { chatTexts } from '../../../shared/chat-texts';
import type { VisitorSocket } from '../../lib/socket';
import type { VisitorChatView } from './visitor-chat-view';

const REFUSED_RETRY_MS = 30_000;

type ConnectionHandlers = {
  later: (ms: number, task: () => void) => void;
  connected: () => void;
  offline: () => void;
  sessionEnded: () => void;
  refused: (message: string) => void;
  /** The visitor signed in (or out) in another request: reconnect so the handshake carries the new session. */
  identityChanged: () => void;
};

type RoomHandlers = {
  view: VisitorChatView;
  /** Keeps a stored message and settles its outbox entry; true if it is new. */
  addStored: (message: ChatMessage) => boolean;
  onReply: (message: ChatMessage) => void;
};

/** Registers every listener; returns the function that stops watching the browser's network. */
export function wireVisitorSocket(socket: VisitorSocket, handlers: ConnectionHandlers & RoomHandlers) {
  registerConnectionEvents(socket, handlers);
  registerRoomEvents(socket, handlers);
  return watchBrowserNetwork(socket, () => handlers.view.update({ status: 'offline' }));
}

/**
 * Connects, drops and refusals; says when to reconnect by hand (the client does not after a
 * server-side disconnect or a refusal).
 */
function registerConnectionEvents(socket: VisitorSocket, deps: ConnectionHandlers) {
  socket.on('connect', deps.connected);
  socket.on('identity:changed', deps.identityChanged);
  socket.on('disconnect', (reason) => {
    // This client disconnects itself only when destroyed, or to reconnect at once (identity:changed).
    if (reason === 'io client disconnect') return;
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

/** Messages, agents joining or leaving, typing and the end of the conversation, as the server announces them. */
function registerRoomEvents(socket: VisitorSocket, { view, addStored, onReply }: RoomHandlers) {
  socket.on('message:created', (message) => {
    if (!addStored(message)) return;
    view.update({ agentTyping: message.sender === 'agent' ? null : view.getState().agentTyping });
    if (message.sender !== 'user') onReply(message);
  });
  socket.on('room:updated', ({ agent }) => {
    const state = view.getState();
    const previous = state.agent;
    if (agent?.name !== previous?.name) {
      const text = agent ? chatTexts.agentJoined(agent.name) : previous ? chatTexts.agentLeft(previous.name) : null;
      if (text) view.addNotice(text);
    }
    view.update({ agent, agentTyping: agent ? state.agentTyping : null });
  });
  socket.on('typing:updated', (event) => {
    if (event.sender === 'bot') {
      view.botReply(event.replyId, event.typing);
      return view.update();
    }
    view.update({ agentTyping: event.typing ? event.name : null });
  });
  socket.on('conversation:resolved', () => {
    view.addNotice(chatTexts.conversationResolved);
    view.update({ rating: 'requested', agentTyping: null });
  });
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
