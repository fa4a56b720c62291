import { useLatest } from '../../lib/use-latest';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ConversationSummary } from '../../../shared/chat-events';
import type { AgentSocket } from '../../lib/socket';
import { agentChatState, type AgentChatState, type TransferRequest } from './agent-chat-state';
import { connectAgentConsole } from './agent-console-socket';
import { useCannedReplyRequests } from './canned-replies/use-canned-reply-requests';
import { useRoomRequests } from './conversation/use-room-requests';
import { useAgentReplies } from './use-agent-replies';
import { useConversationSelection } from './use-conversation-selection';
import { useListQuery } from './use-list-query';

type Handlers = {
  /** The server refused the console (not signed in, or not staff). */
  onDenied: () => void;
  /** A visitor message arrived (for the sound and title alerts). */
  onVisitorMessage: (conversationId: number) => void;
  /** A room has just become urgent (for the urgent sound). */
  onUrgent: (summary: ConversationSummary) => void;
  /** A colleague asks this agent to hand a room over. */
  onTransferRequested: (request: TransferRequest) => void;
  onError: (message: string) => void;
};

/** The agent console's live state over the /agent namespace, and everything the agent can ask of it. */
export function useAgentChat(handlers: Handlers) {
  const [state, setState] = useState<AgentChatState>(agentChatState.initial);
  const socketRef = useRef<AgentSocket | null>(null);
  const handlersRef = useLatest(handlers);
  const onError = useCallback((message: string) => handlersRef.current.onError(message), [handlersRef]);
  const upsert = useCallback(
    (summary: ConversationSummary) => setState((current) => agentChatState.withConversation(current, summary)),
    [],
  );
  const selection = useConversationSelection(socketRef, setState, upsert, onError);
  const list = useListQuery(socketRef, setState);
  const { selected, open } = selection;
  const { loaderRef, current: listQuery } = list;

  useEffect(() => {
    const { socket, close, loadList } = connectAgentConsole({
      setState,
      selected,
      listQuery,
      open,
      upsert,
      onDenied: () => handlersRef.current.onDenied(),
      onVisitorMessage: (conversationId) => handlersRef.current.onVisitorMessage(conversationId),
      onUrgent: (summary) => handlersRef.current.onUrgent(summary),
      onTransferRequested: (request) => handlersRef.current.onTransferRequested(request),
      onListError: (message) => {
        setState((current) => ({ ...current, listLoading: false }));
        onError(message);
      },
    });
    socketRef.current = socket;
    loaderRef.current = loadList;
    return () => {
      close();
      socketRef.current = null;
      loaderRef.current = null;
    };
  }, [handlersRef, listQuery, loaderRef, onError, open, selected, upsert]);

  return {
    state,
    open,
    close: selection.close,
    setView: list.setView,
    search: list.search,
    ...useRoomRequests(socketRef, upsert, (conversationId, note) =>
      setState((current) => (current.selectedId === conversationId ? agentChatState.withNote(current, note) : current)),
    ),
    ...useCannedReplyRequests(socketRef, setState),
    ...useAgentReplies(socketRef, setState, onError),
    dismissTransfer: (conversationId: number) =>
      setState((current) => agentChatState.withoutTransferRequest(current, conversationId)),
    setPresence: (presence: 'online' | 'away') => {
      socketRef.current?.emit('presence:set', { status: presence });
      setState((current) => agentChatState.withPresence(current, presence));
    },
  };
}

export type AgentChat = ReturnType<typeof useAgentChat>;
