/** The view and search the agent asked for last: the list is asked for again on each change and every reconnect. */
import { useCallback, useRef, type Dispatch, type RefObject, type SetStateAction } from 'react';
import type { ChatView } from '../../../shared/chat-events';
import type { AgentSocket } from '../../lib/socket';
import { agentChatState, type AgentChatState } from './agent-chat-state';
import type { ListQuery } from './agent-console-socket';

export function useListQuery(
  socketRef: RefObject<AgentSocket | null>,
  setState: Dispatch<SetStateAction<AgentChatState>>,
) {
  const queryRef = useRef<ListQuery>({ view: agentChatState.initial.view, search: agentChatState.initial.search });
  /** The connected socket's list loader (none while disconnected). */
  const loaderRef = useRef<((query: ListQuery) => void) | null>(null);

  const showList = useCallback(
    (query: ListQuery) => {
      queryRef.current = query;
      setState((current) => agentChatState.withQuery(current, query));
      if (socketRef.current?.connected) loaderRef.current?.(query);
    },
    [setState, socketRef],
  );

  return {
    loaderRef,
    current: useCallback(() => queryRef.current, []),
    setView: useCallback((view: ChatView) => showList({ view, search: queryRef.current.search }), [showList]),
    search: useCallback(
      (search: string) => showList({ view: queryRef.current.view, search: search.trim() }),
      [showList],
    ),
  };
}
