import { useLatest } from '../../lib/use-latest';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { ChatMessage } from '../../../shared/chat-events';
import { createSocket } from '../../lib/socket';
import { createVisitorChatClient, type SendFailure, type VisitorChatClient } from './visitor-chat-client';
import { initialVisitorChatState } from './visitor-chat-view';

const idleState = initialVisitorChatState;
const noop = () => () => undefined;

/**
 * The visitor chat for React: one socket for the life of the page (the widget lives in the
 * layout, so it survives navigation), state from the framework-free client.
 */
export function useVisitorChat(handlers: {
  onFailed: (failure: SendFailure) => void;
  /** Every reply that arrives (bot or agent). */
  onReply?: (message: ChatMessage) => void;
}) {
  const [client, setClient] = useState<VisitorChatClient | null>(null);
  const latest = useLatest(handlers);

  useEffect(() => {
    const created = createVisitorChatClient(createSocket('visitor'), {
      onFailed: (failure) => latest.current.onFailed(failure),
      onReply: (message) => latest.current.onReply?.(message),
    });
    // The client is an external system made on mount; keeping it in state renders the panel with it.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- see above
    setClient(created);
    return () => created.destroy();
  }, [latest]);

  const state = useSyncExternalStore(client?.subscribe ?? noop, client?.getState ?? (() => idleState), () => idleState);
  return { state, client };
}
