/** The agent console's state and the pure updates the socket events and requests make to it. */
import type {
  AgentPresence,
  AgentProfile,
  CannedReply,
  ChatMessage,
  ChatNote,
  ChatView,
  ChatViewCounts,
  ConversationListResult,
  ConversationSummary,
  MessageDelivery,
  RatingSummary,
} from '../../../shared/chat-events';
import type { AgentConnectionStatus } from './agent-connection';

export type AgentChatStatus = AgentConnectionStatus;

/** A colleague's request to hand a room over to them. */
export type TransferRequest = { conversationId: number; from: { id: number; name: string } };

export type AgentChatState = {
  status: AgentChatStatus;
  me: AgentProfile | null;
  /** The view the list shows, and the search applied to it ('' for none). */
  view: ChatView;
  search: string;
  /** The current view's rows: urgent first, then newest activity. */
  conversations: ConversationSummary[];
  /** A view or search was asked for and its list has not come yet. */
  listLoading: boolean;
  counts: ChatViewCounts | null;
  team: AgentPresence[];
  /** This agent's own setting (offline is having no console open). */
  presence: 'online' | 'away';
  cannedReplies: CannedReply[];
  ratings: RatingSummary | null;
  selectedId: number | null;
  /** The open conversation's summary, kept even when it leaves the current view (resolved from 'All open'). */
  selected: ConversationSummary | null;
  messages: ChatMessage[];
  /** The open conversation's private notes (staff only), oldest first. */
  notes: ChatNote[];
  /** Conversations whose visitor is typing now. */
  typing: number[];
  /** Colleagues asking this agent to transfer a room, oldest first. */
  transferRequests: TransferRequest[];
};

/** Whether a conversation belongs in a view ('mine' needs the agent's id). */
export function inView(view: ChatView, summary: ConversationSummary, meId: number | null): boolean {
  if (view === 'resolved') return summary.status === 'resolved';
  if (summary.status === 'resolved') return false;
  if (view === 'mine') return meId !== null && summary.assignedAgent?.id === meId;
  if (view === 'unassigned') return summary.assignedAgent === null;
  return true;
}

/** Urgent rooms first, then newest activity, ties by the newer id. */
export const compareConversations = (a: ConversationSummary, b: ConversationSummary) =>
  Number(b.urgent) - Number(a.urgent) || b.lastActivityAt.localeCompare(a.lastActivityAt) || b.id - a.id;

export const agentChatState = {
  initial: {
    status: 'checking',
    me: null,
    view: 'open',
    search: '',
    conversations: [],
    listLoading: true,
    counts: null,
    team: [],
    presence: 'online',
    cannedReplies: [],
    ratings: null,
    selectedId: null,
    selected: null,
    messages: [],
    notes: [],
    typing: [],
    transferRequests: [],
  } as AgentChatState,

  /** The list the server sent for a view and search (everything the console needs comes with it). */
  withList: (
    current: AgentChatState,
    result: ConversationListResult,
    request: { view: ChatView; search: string },
  ): AgentChatState => {
    const mine = result.team.find((member) => member.id === result.me.id);
    return {
      ...current,
      status: 'ready',
      me: result.me,
      view: request.view,
      search: request.search,
      conversations: [...result.conversations].sort(compareConversations),
      listLoading: false,
      counts: result.counts,
      team: result.team,
      presence: mine && mine.status !== 'offline' ? mine.status : current.presence,
      cannedReplies: result.cannedReplies,
      ratings: result.ratings,
      selected: result.conversations.find((item) => item.id === current.selectedId) ?? current.selected,
    };
  },

  /**
   * Another view or search asked for: until its list comes, the rows shown are those already known to belong
   * (none for a new search, which only the server can answer).
   */
  withQuery: (current: AgentChatState, query: { view: ChatView; search: string }): AgentChatState => ({
    ...current,
    view: query.view,
    search: query.search,
    listLoading: true,
    conversations:
      query.search && query.search !== current.search
        ? []
        : current.conversations.filter((item) => inView(query.view, item, current.me?.id ?? null)),
  }),

  /**
   * A live summary: added, replaced or removed by whether it belongs in the current view. While a search is
   * active the server alone knows what matches, so only rows already shown are updated (or removed).
   */
  withConversation: (current: AgentChatState, summary: ConversationSummary): AgentChatState => {
    const shown = current.conversations.some((item) => item.id === summary.id);
    const belongs = inView(current.view, summary, current.me?.id ?? null) && (shown || !current.search);
    const others = current.conversations.filter((item) => item.id !== summary.id);
    return {
      ...current,
      conversations: belongs ? [...others, summary].sort(compareConversations) : others,
      selected: current.selectedId === summary.id ? summary : current.selected,
    };
  },

  /** Opens a conversation (its messages come next); the summary is the list's until the server sends its own. */
  withSelected: (current: AgentChatState, conversationId: number): AgentChatState =>
    current.selectedId === conversationId
      ? current
      : {
          ...current,
          selectedId: conversationId,
          selected: current.conversations.find((item) => item.id === conversationId) ?? null,
          messages: [],
          notes: [],
        },

  withoutSelected: (current: AgentChatState): AgentChatState => ({
    ...current,
    selectedId: null,
    selected: null,
    messages: [],
    notes: [],
  }),

  withCounts: (current: AgentChatState, counts: ChatViewCounts): AgentChatState => ({ ...current, counts }),

  withTeam: (current: AgentChatState, team: AgentPresence[]): AgentChatState => {
    const mine = team.find((member) => member.id === current.me?.id);
    return { ...current, team, presence: mine && mine.status !== 'offline' ? mine.status : current.presence };
  },

  withPresence: (current: AgentChatState, presence: 'online' | 'away'): AgentChatState => ({
    ...current,
    presence,
    team: current.team.map((member) => (member.id === current.me?.id ? { ...member, status: presence } : member)),
  }),

  withCannedReplies: (current: AgentChatState, cannedReplies: CannedReply[]): AgentChatState => ({
    ...current,
    cannedReplies,
  }),

  withRatings: (current: AgentChatState, ratings: RatingSummary): AgentChatState => ({ ...current, ratings }),

  /** A colleague's transfer request, once per room (a newer one from another colleague replaces it). */
  withTransferRequest: (current: AgentChatState, request: TransferRequest): AgentChatState => ({
    ...current,
    transferRequests: [
      ...current.transferRequests.filter((item) => item.conversationId !== request.conversationId),
      request,
    ],
  }),

  withoutTransferRequest: (current: AgentChatState, conversationId: number): AgentChatState => ({
    ...current,
    transferRequests: current.transferRequests.filter((item) => item.conversationId !== conversationId),
  }),

  /** A message of the open conversation, once, in id order. */
  withMessage: (current: AgentChatState, message: ChatMessage): AgentChatState =>
    current.messages.some((item) => item.id === message.id)
      ? current
      : { ...current, messages: [...current.messages, message].sort((a, b) => a.id - b.id) },

  /** A receipt for a message of the open conversation sent on WhatsApp (issue #30). */
  withDelivery: (current: AgentChatState, messageId: number, delivery: MessageDelivery): AgentChatState =>
    current.messages.some((item) => item.id === messageId)
      ? {
          ...current,
          messages: current.messages.map((item) => (item.id === messageId ? { ...item, delivery } : item)),
        }
      : current,

  /** A private note of the open conversation, once, in id order. */
  withNote: (current: AgentChatState, note: ChatNote): AgentChatState =>
    current.notes.some((item) => item.id === note.id)
      ? current
      : { ...current, notes: [...current.notes, note].sort((a, b) => a.id - b.id) },

  withTyping: (current: AgentChatState, conversationId: number): AgentChatState => ({
    ...current,
    typing: [...new Set([...current.typing, conversationId])],
  }),

  withoutTyping: (current: AgentChatState, conversationId: number): AgentChatState => ({
    ...current,
    typing: current.typing.filter((id) => id !== conversationId),
  }),
};

/**
 * Remembers which rooms were urgent, so the console plays the urgent sound once, when a room becomes urgent
 * (not for rooms already urgent when the list loads).
 */
export function createUrgentTracker() {
  const urgent = new Map<number, boolean>();
  return {
    /** Rooms listed by the server: known, no alert. */
    seeList(conversations: ConversationSummary[]) {
      for (const item of conversations) urgent.set(item.id, item.urgent);
    },
    /** A live summary; true when the room has just become urgent. */
    see(summary: ConversationSummary): boolean {
      const before = urgent.get(summary.id);
      urgent.set(summary.id, summary.urgent);
      return summary.urgent && before !== true;
    },
  };
}
