/** The open room's acknowledged requests: each answer that carries the room's new summary is shown at once. */
import type { RefObject } from 'react';
import type { ChatContact, ChatNote, ConversationStatus, ConversationSummary } from '../../../../shared/chat-events';
import type { AgentSocket } from '../../../lib/socket';
import { askAgentServer, type AskError } from '../agent-connection';

/** Join, leave, assign, status, transfer and transcript requests for a room. */
export function useRoomRequests(
  socketRef: RefObject<AgentSocket | null>,
  upsert: (summary: ConversationSummary) => void,
  /** A note this agent saved shows at once (the broadcast that follows is the same note). */
  noteSaved: (conversationId: number, note: ChatNote) => void,
) {
  const socket = () => socketRef.current;
  /** Sends a request whose answer is the room's new summary, and shows that summary. */
  const withSummary = async <
    R extends { ok: true; conversation: ConversationSummary } | { ok: false; error: AskError },
  >(
    result: Promise<R>,
  ): Promise<R> => {
    const answer = await result;
    if (answer.ok) upsert(answer.conversation);
    return answer;
  };
  return {
    /** Claims the room; ALREADY_CLAIMED (with the holder) is for the view to offer 'Ask to transfer'. */
    join: (conversationId: number) => withSummary(askAgentServer(socket(), 'room:join', { conversationId })),
    leave: (conversationId: number) => withSummary(askAgentServer(socket(), 'room:leave', { conversationId })),
    assign: (conversationId: number, agentId: number) =>
      withSummary(askAgentServer(socket(), 'room:assign', { conversationId, agentId })),
    setStatus: (conversationId: number, status: ConversationStatus) =>
      withSummary(askAgentServer(socket(), 'conversation:status', { conversationId, status })),
    requestTransfer: (conversationId: number) => askAgentServer(socket(), 'transfer:request', { conversationId }),
    emailTranscript: (conversationId: number) => askAgentServer(socket(), 'transcript:email', { conversationId }),
    addNote: async (conversationId: number, body: string) => {
      const answer = await askAgentServer(socket(), 'note:add', { conversationId, body });
      if (answer.ok) noteSaved(conversationId, answer.note);
      return answer;
    },
    /** Blank fields clear what was there. */
    updateContact: (conversationId: number, contact: Record<keyof ChatContact, string>) =>
      withSummary(askAgentServer(socket(), 'contact:update', { conversationId, ...contact })),
  };
}
