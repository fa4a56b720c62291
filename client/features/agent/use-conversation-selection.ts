/** Which conversation the console has open, and loading its history (again after a reconnect: what was missed). */
import { useCallback, useRef, type Dispatch, type RefObject, type SetStateAction } from 'react';
import type { ConversationSummary } from '../../../shared/chat-events';
import type { AgentSocket } from '../../lib/socket';
import { agentChatState, type AgentChatState } from './agent-chat-state';
import { askAgentServer } from './agent-connection';

export function useConversationSelection(
  socketRef: RefObject<AgentSocket | null>,
  setState: Dispatch<SetStateAction<AgentChatState>>,
  upsert: (summary: ConversationSummary) => void,
  /** Says what went wrong to the agent (stable across renders). */
  onError: (message: string) => void,
) {
  const selectedRef = useRef<number | null>(null);

  const open = useCallback(
    (conversationId: number) => {
      selectedRef.current = conversationId;
      setState((current) => agentChatState.withSelected(current, conversationId));
      void askAgentServer(socketRef.current, 'conversation:open', { conversationId }).then((result) => {
        if (!result.ok) {
          if (result.error.code === 'NO_ANSWER' && !socketRef.current?.connected) return; // loaded on reconnect
          return onError(
            result.error.code === 'NO_ANSWER'
              ? 'Could not open the conversation. Please try again.'
              : result.error.message,
          );
        }
        if (selectedRef.current !== conversationId) return;
        setState((current) => ({ ...current, messages: result.messages, notes: result.notes }));
        upsert(result.conversation);
      });
    },
    [onError, setState, socketRef, upsert],
  );

  const close = useCallback(() => {
    selectedRef.current = null;
    setState((current) => agentChatState.withoutSelected(current));
  }, [setState]);

  const selected = useCallback(() => selectedRef.current, []);
  return { selected, open, close };
}
