import { useId } from 'react';
import type { AgentPresence } from '../../../../shared/chat-events';
import type { TransferRequest } from '../agent-chat-state';
import { PRESENCE_LABELS } from '../agent-texts';

/** 'Your status': Online or Away (offline: no staff page open). Away gives the agent's chats back to the bot. */
export function PresenceField({
  value,
  onChange,
}: {
  value: 'online' | 'away';
  onChange: (value: 'online' | 'away') => void;
}) {
  const id = useId();
  return (
    <div className="app-agent__presence">
      <label htmlFor={id}>Your status</label>
      <select
        id={id}
        className="app-field__control app-agent__control"
        value={value}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.value === 'away' ? 'away' : 'online')}
      >
        <option value="online">Online</option>
        <option value="away">Away</option>
      </select>
      <span id={`${id}-hint`} className="app-agent__hint">
        Away gives your chats back to the bot.
      </span>
    </div>
  );
}

/** Colleagues and their presence, in words (the dot's colour only repeats it). */
export function TeamPanel({ team, meId }: { team: AgentPresence[]; meId: number | null }) {
  const headingId = useId();
  return (
    <section className="app-agent__panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="app-agent__heading">
        Team
      </h2>
      {team.length === 0 ? <p>No colleagues listed yet.</p> : null}
      <ul className="app-agent__team">
        {team.map((member) => (
          <li key={member.id}>
            <span className={`app-agent__dot app-agent__dot--${member.status}`} aria-hidden="true" />
            {member.name}
            {member.id === meId ? ' (you)' : ''}
            {' — '}
            {PRESENCE_LABELS[member.status]}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Colleagues asking this agent to hand a room over: 'Transfer to <name>' assigns it to them. */
export function TransferNotices({
  requests,
  onTransfer,
  onDismiss,
}: {
  requests: TransferRequest[];
  onTransfer: (request: TransferRequest) => void;
  onDismiss: (request: TransferRequest) => void;
}) {
  // Always in the page, so a new request is announced.
  return (
    <div className="app-agent__notices" aria-live="polite">
      {requests.map((request) => (
        <div key={request.conversationId} className="app-agent__notice">
          <p>
            {request.from.name} asks you to transfer #{request.conversationId}
          </p>
          <div className="app-agent__action-row">
            <button type="button" className="app-button app-button--primary" onClick={() => onTransfer(request)}>
              Transfer to {request.from.name}
            </button>
            <button type="button" className="app-button app-button--ghost" onClick={() => onDismiss(request)}>
              Dismiss <span className="app-visually-hidden">the request for #{request.conversationId}</span>
            </button>
          </div>
        </div>
      ))}
    </div>
  );
}
