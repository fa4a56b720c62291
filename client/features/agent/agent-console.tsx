import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { paths } from '../../app/paths';
import { useToast } from '../../components/toast/toast-provider';
import { PageMeta } from '../../layout/page-meta';
import {
  CONSOLE_DESCRIPTION,
  CONSOLE_TITLE,
  ConsoleChecking,
  ConsoleExtras,
  ConsoleTop,
  OpenConversation,
} from './agent-console-parts';
import { ConversationList } from './conversations/conversation-list';
import { TransferNotices } from './team/agent-team';
import { useTransferRequests } from './team/use-transfer-requests';
import { useAgentChat } from './use-agent-chat';
import { useClock } from './use-clock';
import { useRoomFocus } from './use-room-focus';
import './agent.css';

/**
 * The agent console: views (Mine, Unassigned, All open, Resolved) with their counts and a search, urgent rooms
 * first; one open conversation with its history, live messages and the visitor's typing; Join, status, assign and
 * transfer, transcripts, replies with canned replies; the team's presence, the ratings and, for admins, the canned
 * replies editor. Visitor text is always rendered as React text nodes, never as HTML.
 */
export function AgentConsole() {
  const [, navigate] = useLocation();
  const { toast } = useToast();
  // The staff shell alerts and plays the sounds on every staff page, this one included (issue #29).
  const chat = useAgentChat({
    onVisitorMessage: () => {},
    onUrgent: () => {},
    onTransferRequested: () => {},
    onDenied: () => navigate(paths.login(), { replace: true }),
    onError: (message) => toast({ title: 'Something went wrong', description: message, variant: 'destructive' }),
  });
  const { state } = chat;
  const now = useClock(30_000);
  const { focusRoom, listHeadingRef, openRoom, closeRoom } = useRoomFocus(chat, state.selectedId);
  const transfers = useTransferRequests(chat, listHeadingRef);
  useLinkedConversation(state.status === 'ready', openRoom);

  if (state.status === 'checking' || state.status === 'denied') return <ConsoleChecking />;
  const unread = state.conversations.reduce(
    (total, item) => total + (item.id === state.selectedId ? 0 : item.unreadCount),
    0,
  );
  return (
    <section className="app-container app-agent">
      <PageMeta title={unread ? `(${unread}) ${CONSOLE_TITLE}` : CONSOLE_TITLE} description={CONSOLE_DESCRIPTION} />
      <ConsoleTop chat={chat} />
      <TransferNotices requests={state.transferRequests} {...transfers} />
      <div className={`app-agent__grid${state.selected ? ' app-agent__grid--open' : ''}`}>
        <ConversationList
          conversations={state.conversations}
          view={state.view}
          search={state.search}
          counts={state.counts}
          loading={state.listLoading}
          selectedId={state.selectedId}
          typing={state.typing}
          now={now}
          meId={state.me?.id ?? null}
          headingRef={listHeadingRef}
          onView={chat.setView}
          onSearch={chat.search}
          onOpen={openRoom}
        />
        <OpenConversation chat={chat} focusOnOpen={focusRoom} onBack={closeRoom} />
      </div>
      <ConsoleExtras chat={chat} />
    </section>
  );
}

/** '?conversation=<id>' (the links in the handed-back notice, issue #29) opens that conversation once connected. */
function useLinkedConversation(ready: boolean, open: (id: number) => void) {
  const linked = Number(new URLSearchParams(useSearch()).get('conversation'));
  useEffect(() => {
    if (ready && Number.isInteger(linked) && linked > 0) open(linked);
    // Opened once per link; `open` changes with each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, linked]);
}
