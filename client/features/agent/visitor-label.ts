import type { ConversationSummary } from '../../../shared/chat-events';

/** The patient's name, else the name an agent added in the chat, else their short id, as the console shows them. */
export const visitorLabel = (conversation: ConversationSummary) =>
  conversation.visitorName ?? conversation.contact?.name ?? `Visitor ${conversation.shortId}`;
