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
import { useAlertSound } from './use-alert-sound';
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
  const { sound, setSound, ...alerts } = useAlertSound();
  const chat = useAgentChat({
    ...alerts,
    onDenied: () => navigate(paths.login(), { replace: true }),
    onError: (message) => toast({ title: 'Something went wrong', description: message, variant: 'destructive' }),
  });
  const { state } = chat;
  const now = useClock(30_000);
  const { focusRoom, listHeadingRef, openRoom, closeRoom } = useRoomFocus(chat, state.selectedId);
  const transfers = useTransferRequests(chat, listHeadingRef);
  // '?conversation=12' (the patient panel's links) opens that conversation once the console is ready.
  const linked = Number(new URLSearchParams(useSearch()).get('conversation')) || null;
  const ready = state.status === 'ready';
  useEffect(() => {
    if (ready && linked !== null) openRoom(linked);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per link followed, not on every render
  }, [ready, linked]);

  if (state.status === 'checking' || state.status === 'denied') return <ConsoleChecking />;
  const unread = state.conversations.reduce(
    (total, item) => total + (item.id === state.selectedId ? 0 : item.unreadCount),
    0,
  );
  return (
    <section className="app-container app-agent">
      <PageMeta title={unread ? `(${unread}) ${CONSOLE_TITLE}` : CONSOLE_TITLE} description={CONSOLE_DESCRIPTION} />
      <ConsoleTop chat={chat} sound={sound} onSound={setSound} />
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
