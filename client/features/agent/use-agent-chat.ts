import { useLatest } from '../../lib/use-latest';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ConversationSummary } from '../../../shared/chat-events';
import { CHAT_ACK_TIMEOUT_MS } from '../../../shared/constants';
import { chatTexts } from '../../../shared/chat-texts';
import type { AgentSocket } from '../../lib/socket';
import { newClientId } from '../../lib/client-id';
import { agentChatState, type AgentChatState } from './agent-chat-state';
import { connectAgentConsole } from './agent-console-socket';
import { sendAgentMessage } from './agent-connection';

type Handlers = {
  /** The server refused the console (not signed in, or not staff). */
  onDenied: () => void;
  /** A visitor message arrived (for the sound and title alerts). */
  onVisitorMessage: (conversationId: number) => void;
  onError: (message: string) => void;
};

/** The agent console's live state over the /agent namespace. */
export function useAgentChat(handlers: Handlers) {
  const [state, setState] = useState<AgentChatState>(agentChatState.initial);
  const socketRef = useRef<AgentSocket | null>(null);
  const selectedRef = useRef<number | null>(null);
  const handlersRef = useLatest(handlers);

  const upsert = useCallback(
    (summary: ConversationSummary) => setState((current) => agentChatState.withConversation(current, summary)),
    [],
  );

  const open = useCallback(
    (conversationId: number) => {
      const socket = socketRef.current;
      selectedRef.current = conversationId;
      setState((current) => ({
        ...current,
        selectedId: conversationId,
        messages: current.selectedId === conversationId ? current.messages : [],
      }));
      if (!socket?.connected) return;
      socket.timeout(CHAT_ACK_TIMEOUT_MS).emit('conversation:open', { conversationId }, (error, result) => {
        if (error || !result.ok)
          return handlersRef.current.onError(
            result && !result.ok ? result.error.message : 'Could not open the conversation. Please try again.',
          );
        if (selectedRef.current !== conversationId) return;
        setState((current) => ({ ...current, messages: result.messages }));
        upsert(result.conversation);
      });
    },
    [handlersRef, upsert],
  );

  useEffect(() => {
    const { socket, close } = connectAgentConsole({
      setState,
      selected: () => selectedRef.current,
      open,
      upsert,
      onDenied: () => handlersRef.current.onDenied(),
      onVisitorMessage: (conversationId) => handlersRef.current.onVisitorMessage(conversationId),
    });
    socketRef.current = socket;
    return () => {
      close();
      socketRef.current = null;
    };
  }, [handlersRef, open, upsert]);

  const roomAction = useCallback(
    (event: 'room:join' | 'room:leave', conversationId: number) => {
      socketRef.current?.timeout(CHAT_ACK_TIMEOUT_MS).emit(event, { conversationId }, (error, result) => {
        if (error) return handlersRef.current.onError('The server did not answer. Please try again.');
        if (!result.ok) return handlersRef.current.onError(result.error.message);
        upsert(result.conversation);
      });
    },
    [handlersRef, upsert],
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

  return {
    state,
    open,
    close: useCallback(() => {
      selectedRef.current = null;
      setState((current) => ({ ...current, selectedId: null, messages: [] }));
    }, []),
    join: useCallback((id: number) => roomAction('room:join', id), [roomAction]),
    leave: useCallback((id: number) => roomAction('room:leave', id), [roomAction]),
    send,
    setTyping: useCallback((conversationId: number, typing: boolean) => {
      socketRef.current?.emit('typing:update', { conversationId, typing });
    }, []),
  };
}
