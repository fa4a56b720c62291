import type { ConversationSummary } from '../../../shared/chat-events';

/** The visitor's name when known, else their short id, as the console shows them. */
export const visitorLabel = (conversation: ConversationSummary) =>
  conversation.visitorName ?? `Visitor ${conversation.shortId}`;
