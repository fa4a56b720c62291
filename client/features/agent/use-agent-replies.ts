/** The agent's replies and typing signal in the open conversation. */
import { useCallback, type Dispatch, type RefObject, type SetStateAction } from 'react';
import { chatTexts } from '../../../shared/chat-texts';
import { newClientId } from '../../lib/client-id';
import type { AgentSocket } from '../../lib/socket';
import { agentChatState, type AgentChatState } from './agent-chat-state';
import { askAgentServer, sendAgentMessage } from './agent-connection';

export function useAgentReplies(
  socketRef: RefObject<AgentSocket | null>,
  setState: Dispatch<SetStateAction<AgentChatState>>,
  /** Says what went wrong to the agent (stable across renders). */
  onError: (message: string) => void,
) {
  /** Sends a reply with a client id by the shared retry policy; resolves true once stored. */
  const send = useCallback(
    async (conversationId: number, message: string): Promise<boolean> => {
      const result = await sendAgentMessage(() => socketRef.current, {
        conversationId,
        clientId: newClientId(),
        message,
      });
      if (!result.ok) {
        onError(result.error?.message ?? chatTexts.storageFailed);
        return false;
      }
      const stored = result.message;
      setState((current) =>
        current.selectedId !== conversationId ? current : agentChatState.withMessage(current, stored),
      );
      return true;
    },
    [onError, setState, socketRef],
  );

  /** After the WhatsApp window: an approved template (issue #30); resolves true once stored. */
  const sendTemplate = useCallback(
    async (conversationId: number, template: string): Promise<boolean> => {
      const result = await askAgentServer(socketRef.current, 'whatsapp:template', {
        conversationId,
        clientId: newClientId(),
        template,
      });
      if (!result.ok) {
        onError(result.error.message);
        return false;
      }
      const stored = result.message;
      setState((current) =>
        current.selectedId !== conversationId ? current : agentChatState.withMessage(current, stored),
      );
      return true;
    },
    [onError, setState, socketRef],
  );

  const setTyping = useCallback(
    (conversationId: number, typing: boolean) => {
      socketRef.current?.emit('typing:update', { conversationId, typing });
    },
    [socketRef],
  );

  return { send, sendTemplate, setTyping };
}
