/** The admins' canned-reply edits: the console's list changes once the server has answered. */
import type { Dispatch, RefObject, SetStateAction } from 'react';
import type { AgentSocket } from '../../../lib/socket';
import { agentChatState, type AgentChatState } from '../agent-chat-state';
import { askAgentServer } from '../agent-connection';

/** Saving and deleting canned replies (admins); the list changes once the server has answered. */
export function useCannedReplyRequests(
  socketRef: RefObject<AgentSocket | null>,
  setState: Dispatch<SetStateAction<AgentChatState>>,
) {
  const socket = () => socketRef.current;
  return {
    saveCannedReply: async (reply: { id?: number; title: string; body: string }) => {
      const result = await askAgentServer(socket(), 'canned:save', reply);
      if (result.ok) {
        const saved = result.reply;
        setState((current) =>
          agentChatState.withCannedReplies(current, [
            ...current.cannedReplies.filter((item) => item.id !== saved.id),
            saved,
          ]),
        );
      }
      return result;
    },
    deleteCannedReply: async (id: number) => {
      const result = await askAgentServer(socket(), 'canned:delete', { id });
      if (result.ok)
        setState((current) =>
          agentChatState.withCannedReplies(
            current,
            current.cannedReplies.filter((item) => item.id !== id),
          ),
        );
      return result;
    },
  };
}
