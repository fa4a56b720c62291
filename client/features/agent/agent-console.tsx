import { beep, beepUrgent } from '../../lib/beep';
import { useLatest } from '../../lib/use-latest';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { paths } from '../../app/paths';
import { useToast } from '../../components/toast/toast-provider';
import { PageMeta } from '../../layout/page-meta';
import type { TransferRequest } from './agent-chat-state';
import { PresenceField, TeamPanel, TransferNotices } from './team/agent-team';
import { ratingSummaryText } from './agent-texts';
import { CannedRepliesEditor } from './canned-replies/canned-replies-editor';
import type { RoomActions } from './conversation/conversation-actions';
import { ConversationList } from './conversations/conversation-list';
import { ConversationView } from './conversation/conversation-view';
import { useAgentChat } from './use-agent-chat';
import './agent.css';

const TITLE = 'Support console';
const DESCRIPTION = 'Internal page for support agents to answer Chat Support conversations.';
/** Below this width the list and the open conversation take turns (agent.css). */
const NARROW_LAYOUT = '(max-width: 899px)';

/**
 * The agent console: views (Mine, Unassigned, All open, Resolved) with their counts and a search, urgent rooms
 * first; one open conversation with its history, live messages and the visitor's typing; Join, status, assign and
 * transfer, transcripts, replies with canned replies; the team's presence, the ratings and, for admins, the canned
 * replies editor. Visitor text is always rendered as React text nodes, never as HTML.
 */
export function AgentConsole() {
  const [, navigate] = useLocation();
  const { toast } = useToast();
  const [sound, setSound] = useState(false);
  const soundRef = useLatest(sound);
  const [now, setNow] = useState(() => Date.now());
  /** The room was opened in the narrow layout: its heading takes the focus. */
  const [focusRoom, setFocusRoom] = useState(false);
  /** 'All conversations' was pressed: the focus goes back to this row (or the list heading). */
  const [returnTo, setReturnTo] = useState<number | null>(null);
  const listHeadingRef = useRef<HTMLHeadingElement>(null);

  const chat = useAgentChat({
    onDenied: () => navigate(paths.login(), { replace: true }),
    onVisitorMessage: () => {
      if (soundRef.current) beep();
    },
    onUrgent: () => {
      if (soundRef.current) beepUrgent();
    },
    onTransferRequested: () => {
      if (soundRef.current) beep(660);
    },
    onError: (message) => toast({ title: 'Something went wrong', description: message, variant: 'destructive' }),
  });
  const { state } = chat;

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);

  useEffect(() => {
    if (returnTo === null) return;
    const row = document.querySelector<HTMLElement>(`[data-conversation-id="${returnTo}"]`);
    (row ?? listHeadingRef.current)?.focus();
  }, [returnTo]);

  const unread = state.conversations.reduce(
    (total, item) => total + (item.id === state.selectedId ? 0 : item.unreadCount),
    0,
  );
  const selected = state.selected;
  const meId = state.me?.id ?? null;

  const openRoom = (id: number) => {
    setFocusRoom(window.matchMedia(NARROW_LAYOUT).matches);
    setReturnTo(null);
    chat.open(id);
  };
  const closeRoom = () => {
    setReturnTo(state.selectedId);
    chat.close();
  };
  const answerTransfer = async (request: TransferRequest, transfer: boolean) => {
    chat.dismissTransfer(request.conversationId);
    listHeadingRef.current?.focus();
    if (!transfer) return;
    const result = await chat.assign(request.conversationId, request.from.id);
    toast(
      result.ok
        ? { title: `Transferred #${request.conversationId} to ${request.from.name}.` }
        : { title: 'Could not transfer the conversation', description: result.error.message, variant: 'destructive' },
    );
  };

  if (state.status === 'checking' || state.status === 'denied') {
    return (
      <section className="app-container app-section">
        <PageMeta title={TITLE} description={DESCRIPTION} />
        <h1>{TITLE}</h1>
        <p role="status">Checking your access…</p>
      </section>
    );
  }

  const actions: RoomActions | null = selected && {
    join: () => chat.join(selected.id),
    leave: () => chat.leave(selected.id),
    assign: (agentId) => chat.assign(selected.id, agentId),
    setStatus: (status) => chat.setStatus(selected.id, status),
    requestTransfer: () => chat.requestTransfer(selected.id),
    emailTranscript: () => chat.emailTranscript(selected.id),
  };

  return (
    <section className="app-container app-agent">
      <PageMeta title={unread ? `(${unread}) ${TITLE}` : TITLE} description={DESCRIPTION} />
      <div className="app-agent__top">
        <h1 className="app-agent__title">{TITLE}</h1>
        <p className="app-agent__me">
          Signed in as {state.me?.name}
          {state.status === 'offline' ? <span role="status"> · Reconnecting…</span> : null}
        </p>
        <PresenceField value={state.presence} onChange={chat.setPresence} />
        <label className="app-agent__sound">
          <input type="checkbox" checked={sound} onChange={(event) => setSound(event.target.checked)} /> Play a sound
          for new messages
        </label>
        {state.ratings ? <p className="app-agent__ratings">{ratingSummaryText(state.ratings)}</p> : null}
      </div>
      <TransferNotices
        requests={state.transferRequests}
        onTransfer={(request) => void answerTransfer(request, true)}
        onDismiss={(request) => void answerTransfer(request, false)}
      />
      <div className={`app-agent__grid${selected ? ' app-agent__grid--open' : ''}`}>
        <ConversationList
          conversations={state.conversations}
          view={state.view}
          search={state.search}
          counts={state.counts}
          loading={state.listLoading}
          selectedId={state.selectedId}
          typing={state.typing}
          now={now}
          meId={meId}
          headingRef={listHeadingRef}
          onView={chat.setView}
          onSearch={chat.search}
          onOpen={openRoom}
        />
        {selected && actions ? (
          <ConversationView
            key={selected.id}
            conversation={selected}
            messages={state.messages}
            visitorTyping={state.typing.includes(selected.id)}
            meId={meId}
            team={state.team}
            cannedReplies={state.cannedReplies}
            focusOnOpen={focusRoom}
            onBack={closeRoom}
            actions={actions}
            onSend={(text) => chat.send(selected.id, text)}
            onTyping={(typing) => chat.setTyping(selected.id, typing)}
          />
        ) : (
          <p className="app-agent__empty">Choose a conversation to read it and reply.</p>
        )}
      </div>
      <div className="app-agent__extras">
        <TeamPanel team={state.team} meId={meId} />
        {state.me?.role === 'admin' ? (
          <CannedRepliesEditor
            replies={state.cannedReplies}
            onSave={chat.saveCannedReply}
            onDelete={chat.deleteCannedReply}
          />
        ) : null}
      </div>
    </section>
  );
}
