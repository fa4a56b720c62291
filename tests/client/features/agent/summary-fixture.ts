import type { ConversationSummary } from '../../../../shared/chat-events';

/** A conversation summary as the server sends it, with quiet defaults; tests override what they look at. */
export const conversationSummary = (id: number, extra: Partial<ConversationSummary> = {}): ConversationSummary => ({
  id,
  visitorName: null,
  visitorEmail: null,
  shortId: `#${id}`,
  currentPage: null,
  lastMessage: null,
  lastActivityAt: '2026-01-01T10:00:00Z',
  waitingSince: null,
  unreadCount: 0,
  assignedAgent: null,
  visitorOnline: true,
  status: 'open',
  urgent: false,
  followUpContact: null,
  movedToWhatsAppAt: null,
  rating: null,
  ratingComment: null,
  contact: { name: null, email: null, phone: null },
  transcriptEmail: null,
  channel: 'web',
  whatsApp: null,
  ...extra,
});
