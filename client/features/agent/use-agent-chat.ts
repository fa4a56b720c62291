import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import type { AgentProfile, ChatMessage, ConversationSummary } from '../../../shared/chat-events';
import { CHAT_ACK_TIMEOUT_MS } from '../../../shared/constants';
import { chatTexts } from '../../../shared/chat-texts';
import { createSocket, type AgentSocket } from '../../lib/socket';
import { newClientId } from '../../lib/client-id';
import { sendAgentMessage, watchAgentConnection, type AgentConnectionStatus } from './agent-connection';

export type AgentChatStatus = AgentConnectionStatus;

export type AgentChatState = {
  status: AgentChatStatus;
  me: AgentProfile | null;
  conversations: ConversationSummary[];
  selectedId: number | null;
  messages: ChatMessage[];
  /** Conversations whose visitor is typing now. */
  typing: number[];
};

const TYPING_EXPIRY_MS = 6000;

const byActivity = (a: ConversationSummary, b: ConversationSummary) => b.lastActivityAt.localeCompare(a.lastActivityAt) || b.id - a.id;

type Handlers = {
  /** The server refused the console (not signed in, or not staff). */
  onDenied: () => void;
  /** A visitor message arrived (for the sound and title alerts). */
  onVisitorMessage: (conversationId: number) => void;
  onError: (message: string) => void;
};

const withoutTyping = (current: AgentChatState, conversationId: number) => ({ ...current, typing: current.typing.filter((id) => id !== conversationId) });

/** New messages (shown in the open conversation, marked read while the tab is visible) and visitors' typing. */
function subscribeLiveEvents(
  socket: AgentSocket,
  deps: {
    setState: Dispatch<SetStateAction<AgentChatState>>;
    selected: () => number | null;
    onVisitorMessage: (conversationId: number) => void;
    typingTimers: Map<number, number>;
  },
) {
  const { setState, typingTimers } = deps;
  socket.on('message:created', ({ conversationId, message }) => {
    if (message.sender === 'user') {
      deps.onVisitorMessage(conversationId);
      setState((current) => withoutTyping(current, conversationId));
    }
    if (conversationId !== deps.selected()) return;
    setState((current) =>
      current.messages.some((item) => item.id === message.id) ? current : { ...current, messages: [...current.messages, message].sort((a, b) => a.id - b.id) },
    );
    if (document.visibilityState === 'visible') socket.emit('conversation:read', { conversationId, lastMessageId: message.id });
  });
  socket.on('typing:updated', ({ conversationId, typing }) => {
    window.clearTimeout(typingTimers.get(conversationId));
    setState((current) => (typing ? { ...current, typing: [...new Set([...current.typing, conversationId])] } : withoutTyping(current, conversationId)));
    // A visitor who closed the tab mid-word sends no 'stopped': it expires.
    if (typing) typingTimers.set(conversationId, window.setTimeout(() => setState((current) => withoutTyping(current, conversationId)), TYPING_EXPIRY_MS));
  });
}

/** The agent console's live state over the /agent namespace. */
export function useAgentChat(handlers: Handlers) {
  const [state, setState] = useState<AgentChatState>({ status: 'checking', me: null, conversations: [], selectedId: null, messages: [], typing: [] });
  const socketRef = useRef<AgentSocket | null>(null);
  const selectedRef = useRef<number | null>(null);
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  const typingTimers = useRef(new Map<number, number>());

  const upsert = useCallback((summary: ConversationSummary) => {
    setState((current) => {
      const others = current.conversations.filter((item) => item.id !== summary.id);
      return { ...current, conversations: [...others, summary].sort(byActivity) };
    });
  }, []);

  const open = useCallback((conversationId: number) => {
    const socket = socketRef.current;
    selectedRef.current = conversationId;
    setState((current) => ({ ...current, selectedId: conversationId, messages: current.selectedId === conversationId ? current.messages : [] }));
    if (!socket?.connected) return;
    socket.timeout(CHAT_ACK_TIMEOUT_MS).emit('conversation:open', { conversationId }, (error, result) => {
      if (error || !result.ok) return handlersRef.current.onError(result && !result.ok ? result.error.message : 'Could not open the conversation. Please try again.');
      if (selectedRef.current !== conversationId) return;
      setState((current) => ({ ...current, messages: result.messages }));
      upsert(result.conversation);
    });
  }, [upsert]);

  useEffect(() => {
    const socket = createSocket('agent');
    socketRef.current = socket;
    const timers = typingTimers.current;

    const loadList = () =>
      socket.timeout(CHAT_ACK_TIMEOUT_MS).emit('conversation:list', {}, (error, result) => {
        if (error || !result.ok) return;
        setState((current) => ({ ...current, status: 'ready', me: result.me, conversations: [...result.conversations].sort(byActivity) }));
      });

    const stopWatching = watchAgentConnection(socket, {
      onConnect: () => {
        loadList();
        // Fetch what was missed while disconnected.
        if (selectedRef.current !== null) open(selectedRef.current);
      },
      onStatus: (next) => setState((current) => ({ ...current, status: next(current.status) })),
      onDenied: () => handlersRef.current.onDenied(),
    });
    socket.on('room:updated', upsert);
    subscribeLiveEvents(socket, {
      setState,
      selected: () => selectedRef.current,
      onVisitorMessage: (conversationId) => handlersRef.current.onVisitorMessage(conversationId),
      typingTimers: timers,
    });

    return () => {
      stopWatching();
      for (const timer of timers.values()) window.clearTimeout(timer);
      socket.disconnect();
      socketRef.current = null;
    };
  }, [open, upsert]);

  const roomAction = useCallback(
    (event: 'room:join' | 'room:leave', conversationId: number) => {
      socketRef.current?.timeout(CHAT_ACK_TIMEOUT_MS).emit(event, { conversationId }, (error, result) => {
        if (error) return handlersRef.current.onError('The server did not answer. Please try again.');
        if (!result.ok) return handlersRef.current.onError(result.error.message);
        upsert(result.conversation);
      });
    },
    [upsert],
  );

  /** Sends a reply with a client id by the shared retry policy; resolves true once stored. */
  const send = useCallback(async (conversationId: number, message: string): Promise<boolean> => {
    const result = await sendAgentMessage(() => socketRef.current, { conversationId, clientId: newClientId(), message });
    if (!result.ok) {
      handlersRef.current.onError(result.error?.message ?? chatTexts.storageFailed);
      return false;
    }
    const stored = result.message;
    setState((current) =>
      current.selectedId !== conversationId || current.messages.some((item) => item.id === stored.id)
        ? current
        : { ...current, messages: [...current.messages, stored].sort((a, b) => a.id - b.id) },
    );
    return true;
  }, []);

  const setTyping = useCallback((conversationId: number, typing: boolean) => {
    socketRef.current?.emit('typing:update', { conversationId, typing });
  }, []);

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
    setTyping,
  };
}
