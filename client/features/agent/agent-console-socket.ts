/**
 * The agent console's socket without React: connects to /agent, loads the current view's list on
 * every (re)connect, and turns the server's events into state updates.
 */
import type { Dispatch, SetStateAction } from 'react';
import type { ChatView, ConversationSummary } from '../../../shared/chat-events';
import { CHAT_ACK_TIMEOUT_MS } from '../../../shared/constants';
import { createSocket, type AgentSocket } from '../../lib/socket';
import { agentChatState, createUrgentTracker, type AgentChatState, type TransferRequest } from './agent-chat-state';
import { watchAgentConnection } from './agent-connection';

const TYPING_EXPIRY_MS = 6000;

type SetState = Dispatch<SetStateAction<AgentChatState>>;
export type ListQuery = { view: ChatView; search: string };

/** Returns the socket, the function that (re)loads the list for a view and search, and the one that closes it. */
export function connectAgentConsole(deps: {
  setState: SetState;
  /** The open conversation, if any. */
  selected: () => number | null;
  /** The view and search the agent asked for last. */
  listQuery: () => ListQuery;
  /** Loads a conversation's history (again after a reconnect: what was missed). */
  open: (conversationId: number) => void;
  upsert: (summary: ConversationSummary) => void;
  onDenied: () => void;
  onVisitorMessage: (conversationId: number) => void;
  /** A room has just become urgent (a red-flag message). */
  onUrgent: (summary: ConversationSummary) => void;
  onTransferRequested: (request: TransferRequest) => void;
  /** The list could not be loaded (shown to the agent). */
  onListError: (message: string) => void;
}) {
  const { setState } = deps;
  const socket = createSocket('agent');
  const typingTimers = new Map<number, number>();
  const urgent = createUrgentTracker();
  // Only the answer to the latest request counts: an agent who switches views quickly sees the last one.
  let listRequest = 0;

  const loadList = (query: ListQuery) => {
    const request = ++listRequest;
    const payload = query.search ? { view: query.view, search: query.search } : { view: query.view };
    socket.timeout(CHAT_ACK_TIMEOUT_MS).emit('conversation:list', payload, (error, result) => {
      if (request !== listRequest) return;
      if (error) return deps.onListError('The server did not answer. Please try again.');
      if (!result.ok) return deps.onListError(result.error.message);
      urgent.seeList(result.conversations);
      setState((current) => agentChatState.withList(current, result, query));
    });
  };

  const stopWatching = watchAgentConnection(socket, {
    onConnect: () => {
      loadList(deps.listQuery());
      // Fetch what was missed while disconnected.
      const selected = deps.selected();
      if (selected !== null) deps.open(selected);
    },
    onStatus: (next) => setState((current) => ({ ...current, status: next(current.status) })),
    onDenied: deps.onDenied,
  });
  socket.on('room:updated', (summary) => {
    deps.upsert(summary);
    if (urgent.see(summary)) deps.onUrgent(summary);
  });
  socket.on('counts:updated', (counts) => setState((current) => agentChatState.withCounts(current, counts)));
  socket.on('presence:updated', (team) => setState((current) => agentChatState.withTeam(current, team)));
  socket.on('canned:updated', (replies) => setState((current) => agentChatState.withCannedReplies(current, replies)));
  socket.on('ratings:updated', (ratings) => setState((current) => agentChatState.withRatings(current, ratings)));
  socket.on('transfer:requested', (request) => {
    setState((current) => agentChatState.withTransferRequest(current, request));
    deps.onTransferRequested(request);
  });
  subscribeLiveEvents(socket, { ...deps, typingTimers });

  const close = () => {
    stopWatching();
    for (const timer of typingTimers.values()) window.clearTimeout(timer);
    socket.disconnect();
  };
  return { socket, close, loadList };
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
  socket.on('message:delivery', ({ conversationId, messageId, status }) => {
    if (conversationId === deps.selected())
      setState((current) => agentChatState.withDelivery(current, messageId, status));
  });
  socket.on('note:created', ({ conversationId, note }) => {
    if (conversationId === deps.selected()) setState((current) => agentChatState.withNote(current, note));
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
