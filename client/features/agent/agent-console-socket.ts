/**
 * The agent console's socket without React: connects to /agent, loads the conversation list on
 * every (re)connect, and turns the server's events into state updates.
 */
import type { Dispatch, SetStateAction } from 'react';
import type { ConversationSummary } from '../../../shared/chat-events';
import { CHAT_ACK_TIMEOUT_MS } from '../../../shared/constants';
import { createSocket, type AgentSocket } from '../../lib/socket';
import { agentChatState, type AgentChatState } from './agent-chat-state';
import { watchAgentConnection } from './agent-connection';

const TYPING_EXPIRY_MS = 6000;

type SetState = Dispatch<SetStateAction<AgentChatState>>;

/** Returns the socket and the function that closes it. */
export function connectAgentConsole(deps: {
  setState: SetState;
  /** The open conversation, if any. */
  selected: () => number | null;
  /** Loads a conversation's history (again after a reconnect: what was missed). */
  open: (conversationId: number) => void;
  upsert: (summary: ConversationSummary) => void;
  onDenied: () => void;
  onVisitorMessage: (conversationId: number) => void;
}) {
  const { setState } = deps;
  const socket = createSocket('agent');
  const typingTimers = new Map<number, number>();

  const loadList = () =>
    socket.timeout(CHAT_ACK_TIMEOUT_MS).emit('conversation:list', {}, (error, result) => {
      if (error || !result.ok) return;
      setState((current) => agentChatState.withList(current, result.me, result.conversations));
    });

  const stopWatching = watchAgentConnection(socket, {
    onConnect: () => {
      loadList();
      // Fetch what was missed while disconnected.
      const selected = deps.selected();
      if (selected !== null) deps.open(selected);
    },
    onStatus: (next) => setState((current) => ({ ...current, status: next(current.status) })),
    onDenied: deps.onDenied,
  });
  socket.on('room:updated', deps.upsert);
  subscribeLiveEvents(socket, { ...deps, typingTimers });

  const close = () => {
    stopWatching();
    for (const timer of typingTimers.values()) window.clearTimeout(timer);
    socket.disconnect();
  };
  return { socket, close };
}

/** New messages (shown in the open conversation, marked read while the tab is visible) and visitors' typing. */
function subscribeLiveEvents(
  socket: AgentSocket,
  deps: {
    setState: SetState;
    selected: () => number | null;
    onVisitorMessage: (conversationId: number) => void;
    typingTimers: Map<number, number>;
  },
) {
  const { setState, typingTimers } = deps;
  socket.on('message:created', ({ conversationId, message }) => {
    if (message.sender === 'user') {
      deps.onVisitorMessage(conversationId);
      setState((current) => agentChatState.withoutTyping(current, conversationId));
    }
    if (conversationId !== deps.selected()) return;
    setState((current) => agentChatState.withMessage(current, message));
    if (document.visibilityState === 'visible')
      socket.emit('conversation:read', { conversationId, lastMessageId: message.id });
  });
  socket.on('typing:updated', ({ conversationId, typing }) => {
    window.clearTimeout(typingTimers.get(conversationId));
    const stopped = () => setState((current) => agentChatState.withoutTyping(current, conversationId));
    if (typing) setState((current) => agentChatState.withTyping(current, conversationId));
    else stopped();
    // A visitor who closed the tab mid-word sends no 'stopped': it expires.
    if (typing) typingTimers.set(conversationId, window.setTimeout(stopped, TYPING_EXPIRY_MS));
  });
}
