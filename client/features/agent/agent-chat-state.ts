/** The agent console's state and the pure updates the socket events and requests make to it. */
import type { AgentProfile, ChatMessage, ConversationSummary } from '../../../shared/chat-events';
import type { AgentConnectionStatus } from './agent-connection';

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

const byActivity = (a: ConversationSummary, b: ConversationSummary) =>
  b.lastActivityAt.localeCompare(a.lastActivityAt) || b.id - a.id;

export const agentChatState = {
  initial: {
    status: 'checking',
    me: null,
    conversations: [],
    selectedId: null,
    messages: [],
    typing: [],
  } as AgentChatState,

  /** The list as the server sent it, newest activity first. */
  withList: (current: AgentChatState, me: AgentProfile, conversations: ConversationSummary[]): AgentChatState => ({
    ...current,
    status: 'ready',
    me,
    conversations: [...conversations].sort(byActivity),
  }),

  /** One conversation added or replaced, keeping newest activity first. */
  withConversation: (current: AgentChatState, summary: ConversationSummary): AgentChatState => {
    const others = current.conversations.filter((item) => item.id !== summary.id);
    return { ...current, conversations: [...others, summary].sort(byActivity) };
  },

  /** A message of the open conversation, once, in id order. */
  withMessage: (current: AgentChatState, message: ChatMessage): AgentChatState =>
    current.messages.some((item) => item.id === message.id)
      ? current
      : { ...current, messages: [...current.messages, message].sort((a, b) => a.id - b.id) },

  withTyping: (current: AgentChatState, conversationId: number): AgentChatState => ({
    ...current,
    typing: [...new Set([...current.typing, conversationId])],
  }),

  withoutTyping: (current: AgentChatState, conversationId: number): AgentChatState => ({
    ...current,
    typing: current.typing.filter((id) => id !== conversationId),
  }),
};
