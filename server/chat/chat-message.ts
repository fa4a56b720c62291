import type { ChatMessage } from '../../shared/chat-events';
import type { MessageRow } from '../data/chat';

/** A stored message as browsers see it: no client id on the bot's, the agent's name on theirs. */
export const toChatMessage = (row: MessageRow): ChatMessage => ({
  id: row.id,
  clientId: row.sender === 'bot' ? null : row.client_id,
  sender: row.sender,
  message: row.message,
  createdAt: row.created_at,
  agentName: row.sender === 'agent' ? (row.agent_name ?? 'Support agent') : null,
});
