/**
 * Answering colleagues' transfer requests: 'Transfer to <name>' assigns the room to them and says how it went,
 * Dismiss only drops the notice. Either way the notice goes, so the focus moves to `focusAfter`.
 */
import type { RefObject } from 'react';
import { useToast } from '../../../components/toast/toast-provider';
import type { TransferRequest } from '../agent-chat-state';
import type { AgentChat } from '../use-agent-chat';

export function useTransferRequests(
  chat: Pick<AgentChat, 'assign' | 'dismissTransfer'>,
  focusAfter: RefObject<HTMLElement | null>,
) {
  const { toast } = useToast();
  const answer = async (request: TransferRequest, transfer: boolean) => {
    chat.dismissTransfer(request.conversationId);
    focusAfter.current?.focus();
    if (!transfer) return;
    const result = await chat.assign(request.conversationId, request.from.id);
    toast(
      result.ok
        ? { title: `Transferred #${request.conversationId} to ${request.from.name}.` }
        : { title: 'Could not transfer the conversation', description: result.error.message, variant: 'destructive' },
    );
  };
  return {
    onTransfer: (request: TransferRequest) => void answer(request, true),
    onDismiss: (request: TransferRequest) => void answer(request, false),
  };
}
