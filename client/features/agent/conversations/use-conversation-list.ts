/**
 * The conversation list's words and the search box's draft: what the status line says, what an empty list says, each
 * row's preview and meta line.
 */
import {
  CHAT_VIEW_LABELS,
  type ChatMessage,
  type ChatView,
  type ConversationSummary,
} from '../../../../shared/chat-events';
import { waitingText } from '../agent-texts';

const EMPTY_TEXT: Record<ChatView, string> = {
  mine: 'No open conversations are assigned to you.',
  unassigned: 'No open conversations are waiting for an agent.',
  open: 'No conversations yet. New ones appear here as visitors write.',
  resolved: 'No resolved conversations yet.',
};

const senderLabel = (sender: ChatMessage['sender']) =>
  sender === 'user' ? 'Visitor' : sender === 'bot' ? 'Bot' : 'Agent';

export function useConversationList(list: {
  conversations: ConversationSummary[];
  view: ChatView;
  search: string;
  loading: boolean;
  typing: number[];
  now: number;
  meId: number | null;
}) {
  const { conversations, view, search, loading } = list;
  const count = conversations.length;
  return {
    status: loading
      ? 'Loading conversations…'
      : search
        ? `${count} ${count === 1 ? 'conversation matches' : 'conversations match'} “${search}” in ${CHAT_VIEW_LABELS[view]}.`
        : '',
    empty: loading || count > 0 ? null : search ? 'No conversations match this search.' : EMPTY_TEXT[view],
    preview: (item: ConversationSummary) =>
      list.typing.includes(item.id)
        ? 'Typing…'
        : item.lastMessage
          ? `${senderLabel(item.lastMessage.sender)}: ${item.lastMessage.preview}`
          : '',
    meta: (item: ConversationSummary) => {
      const waiting = waitingText(item.waitingSince, list.now);
      const holder = item.assignedAgent
        ? item.assignedAgent.id === list.meId
          ? 'You joined'
          : `With ${item.assignedAgent.name}`
        : 'Bot answering';
      // A WhatsApp patient is never 'online' in the widget: where they are is the channel (issue #30).
      const presence = item.channel === 'whatsapp' ? 'On WhatsApp' : item.visitorOnline ? 'Online' : 'Away';
      return `${presence}${item.currentPage ? ` · on ${item.currentPage}` : ''}${waiting ? ` · ${waiting}` : ''} · ${holder}`;
    },
  };
}
