/** The agent console's parts around the list: the access check, the top bar, the open room and the extras. */
import { STAFF_NEEDS_JAVASCRIPT_MESSAGE } from '../../../shared/messages/staff-messages';
import { PageMeta } from '../../layout/page-meta';
import { ratingSummaryText } from './agent-texts';
import { CannedRepliesEditor } from './canned-replies/canned-replies-editor';
import type { RoomActions } from './conversation/conversation-actions';
import { ConversationView } from './conversation/conversation-view';
import { PresenceField, TeamPanel } from './team/agent-team';
import type { AgentChat } from './use-agent-chat';

export const CONSOLE_TITLE = 'Support console';
export const CONSOLE_DESCRIPTION = 'Internal page for support agents to answer Chat Support conversations.';

/** Until the server has answered the handshake (and while a refused agent is sent to log in). */
export function ConsoleChecking() {
  return (
    <section className="app-container app-section">
      <PageMeta title={CONSOLE_TITLE} description={CONSOLE_DESCRIPTION} />
      <h1>{CONSOLE_TITLE}</h1>
      <p role="status">Checking your access…</p>
      <noscript>
        <p>{STAFF_NEEDS_JAVASCRIPT_MESSAGE}</p>
      </noscript>
    </section>
  );
}

/**
 * The title, who is signed in (and whether the console is reconnecting), presence and the ratings. Sounds are the
 * staff bar's, for every staff page (issue #29).
 */
export function ConsoleTop({ chat }: { chat: Pick<AgentChat, 'state' | 'setPresence'> }) {
  const { state } = chat;
  return (
    <div className="app-agent__top">
      <h1 className="app-agent__title">{CONSOLE_TITLE}</h1>
      <p className="app-agent__me">
        Signed in as {state.me?.name}
        {state.status === 'offline' ? <span role="status"> · Reconnecting…</span> : null}
      </p>
      <PresenceField value={state.presence} onChange={chat.setPresence} />
      {state.ratings ? <p className="app-agent__ratings">{ratingSummaryText(state.ratings)}</p> : null}
    </div>
  );
}

/** The open conversation with its actions bound to it, or what to do when none is open. */
export function OpenConversation({
  chat,
  focusOnOpen,
  onBack,
}: {
  chat: AgentChat;
  focusOnOpen: boolean;
  onBack: () => void;
}) {
  const { state } = chat;
  const selected = state.selected;
  if (!selected) return <p className="app-agent__empty">Choose a conversation to read it and reply.</p>;
  const actions: RoomActions = {
    join: () => chat.join(selected.id),
    leave: () => chat.leave(selected.id),
    assign: (agentId) => chat.assign(selected.id, agentId),
    setStatus: (status) => chat.setStatus(selected.id, status),
    requestTransfer: () => chat.requestTransfer(selected.id),
    emailTranscript: () => chat.emailTranscript(selected.id),
  };
  return (
    <ConversationView
      key={selected.id}
      conversation={selected}
      messages={state.messages}
      notes={state.notes}
      visitorTyping={state.typing.includes(selected.id)}
      meId={state.me?.id ?? null}
      team={state.team}
      cannedReplies={state.cannedReplies}
      focusOnOpen={focusOnOpen}
      onBack={onBack}
      actions={actions}
      onSend={(text) => chat.send(selected.id, text)}
      onTemplate={(template) => chat.sendTemplate(selected.id, template)}
      onTyping={(typing) => chat.setTyping(selected.id, typing)}
      onNote={(body) => chat.addNote(selected.id, body)}
      onContact={(contact) => chat.updateContact(selected.id, contact)}
    />
  );
}

/** The team's presence and, for admins, the canned replies editor in a settings panel, closed until asked for. */
export function ConsoleExtras({ chat }: { chat: AgentChat }) {
  const { state } = chat;
  return (
    <div className="app-agent__extras">
      <TeamPanel team={state.team} meId={state.me?.id ?? null} />
      {state.me?.role === 'admin' ? (
        <details className="app-agent__settings">
          <summary className="app-agent__settings-summary">Canned reply settings</summary>
          <CannedRepliesEditor
            replies={state.cannedReplies}
            onSave={chat.saveCannedReply}
            onDelete={chat.deleteCannedReply}
          />
        </details>
      ) : null}
    </div>
  );
}
