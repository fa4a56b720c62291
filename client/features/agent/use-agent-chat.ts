import { useLatest } from '../../lib/use-latest';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatView, ConversationStatus, ConversationSummary } from '../../../shared/chat-events';
import { chatTexts } from '../../../shared/chat-texts';
import type { AgentSocket } from '../../lib/socket';
import { newClientId } from '../../lib/client-id';
import { agentChatState, type AgentChatState, type TransferRequest } from './agent-chat-state';
import { connectAgentConsole, type ListQuery } from './agent-console-socket';
import { askAgentServer, sendAgentMessage, type AskError } from './agent-connection';

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

/** The agent console's live state over the /agent namespace. */
export function useAgentChat(handlers: Handlers) {
  const [state, setState] = useState<AgentChatState>(agentChatState.initial);
  const socketRef = useRef<AgentSocket | null>(null);
  const selectedRef = useRef<number | null>(null);
  const queryRef = useRef<ListQuery>({ view: agentChatState.initial.view, search: agentChatState.initial.search });
  const loadListRef = useRef<((query: ListQuery) => void) | null>(null);
  const handlersRef = useLatest(handlers);

  const upsert = useCallback(
    (summary: ConversationSummary) => setState((current) => agentChatState.withConversation(current, summary)),
    [],
  );

  const open = useCallback(
    (conversationId: number) => {
      selectedRef.current = conversationId;
      setState((current) => agentChatState.withSelected(current, conversationId));
      void askAgentServer(socketRef.current, 'conversation:open', { conversationId }).then((result) => {
        if (!result.ok) {
          if (result.error.code === 'NO_ANSWER' && !socketRef.current?.connected) return; // loaded on reconnect
          return handlersRef.current.onError(
            result.error.code === 'NO_ANSWER'
              ? 'Could not open the conversation. Please try again.'
              : result.error.message,
          );
        }
        if (selectedRef.current !== conversationId) return;
        setState((current) => ({ ...current, messages: result.messages }));
        upsert(result.conversation);
      });
    },
    [handlersRef, upsert],
  );

  useEffect(() => {
    const { socket, close, loadList } = connectAgentConsole({
      setState,
      selected: () => selectedRef.current,
      listQuery: () => queryRef.current,
      open,
      upsert,
      onDenied: () => handlersRef.current.onDenied(),
      onVisitorMessage: (conversationId) => handlersRef.current.onVisitorMessage(conversationId),
      onUrgent: (summary) => handlersRef.current.onUrgent(summary),
      onTransferRequested: (request) => handlersRef.current.onTransferRequested(request),
      onListError: (message) => {
        setState((current) => ({ ...current, listLoading: false }));
        handlersRef.current.onError(message);
      },
    });
    socketRef.current = socket;
    loadListRef.current = loadList;
    return () => {
      close();
      socketRef.current = null;
      loadListRef.current = null;
    };
  }, [handlersRef, open, upsert]);

  /** Shows another view or search: the list is asked for again (and again on every reconnect). */
  const showList = useCallback((query: ListQuery) => {
    queryRef.current = query;
    setState((current) => agentChatState.withQuery(current, query));
    if (socketRef.current?.connected) loadListRef.current?.(query);
  }, []);

  /** Sends a request whose answer is the room's new summary, and shows that summary. */
  const roomRequest = useCallback(
    async <R extends { ok: true; conversation: ConversationSummary } | { ok: false; error: AskError }>(
      result: Promise<R>,
    ): Promise<R> => {
      const answer = await result;
      if (answer.ok) upsert(answer.conversation);
      return answer;
    },
    [upsert],
  );

  /** Sends a reply with a client id by the shared retry policy; resolves true once stored. */
  const send = useCallback(
    async (conversationId: number, message: string): Promise<boolean> => {
      const result = await sendAgentMessage(() => socketRef.current, {
        conversationId,
        clientId: newClientId(),
        message,
      });
      if (!result.ok) {
        handlersRef.current.onError(result.error?.message ?? chatTexts.storageFailed);
        return false;
      }
      const stored = result.message;
      setState((current) =>
        current.selectedId !== conversationId ? current : agentChatState.withMessage(current, stored),
      );
      return true;
    },
    [handlersRef],
  );

  const socket = () => socketRef.current;
  return {
    state,
    open,
    close: useCallback(() => {
      selectedRef.current = null;
      setState((current) => agentChatState.withoutSelected(current));
    }, []),
    setView: useCallback((view: ChatView) => showList({ view, search: queryRef.current.search }), [showList]),
    search: useCallback(
      (search: string) => showList({ view: queryRef.current.view, search: search.trim() }),
      [showList],
    ),
    /** Claims the room; ALREADY_CLAIMED (with the holder) is for the view to offer 'Ask to transfer'. */
    join: (conversationId: number) => roomRequest(askAgentServer(socket(), 'room:join', { conversationId })),
    leave: (conversationId: number) => roomRequest(askAgentServer(socket(), 'room:leave', { conversationId })),
    assign: (conversationId: number, agentId: number) =>
      roomRequest(askAgentServer(socket(), 'room:assign', { conversationId, agentId })),
    setStatus: (conversationId: number, status: ConversationStatus) =>
      roomRequest(askAgentServer(socket(), 'conversation:status', { conversationId, status })),
    requestTransfer: (conversationId: number) => askAgentServer(socket(), 'transfer:request', { conversationId }),
    emailTranscript: (conversationId: number) => askAgentServer(socket(), 'transcript:email', { conversationId }),
    dismissTransfer: (conversationId: number) =>
      setState((current) => agentChatState.withoutTransferRequest(current, conversationId)),
    setPresence: (presence: 'online' | 'away') => {
      socketRef.current?.emit('presence:set', { status: presence });
      setState((current) => agentChatState.withPresence(current, presence));
    },
    saveCannedReply: async (reply: { id?: number; title: string; body: string }) => {
      const result = await askAgentServer(socket(), 'canned:save', reply);
      if (result.ok) {
        const saved = result.reply;
        setState((current) =>
          agentChatState.withCannedReplies(current, [
            ...current.cannedReplies.filter((item) => item.id !== saved.id),
            saved,
          ]),
        );
      }
      return result;
    },
    deleteCannedReply: async (id: number) => {
      const result = await askAgentServer(socket(), 'canned:delete', { id });
      if (result.ok)
        setState((current) =>
          agentChatState.withCannedReplies(
            current,
            current.cannedReplies.filter((item) => item.id !== id),
          ),
        );
      return result;
    },
    send,
    setTyping: useCallback((conversationId: number, typing: boolean) => {
      socketRef.current?.emit('typing:update', { conversationId, typing });
    }, []),
  };
}

export type AgentChat = ReturnType<typeof useAgentChat>;
