import { useId } from 'react';
import type { AgentPresence, ConversationStatus, ConversationSummary } from '../../../../shared/chat-events';
import { paths } from '../../../app/paths';
import { FieldWrapper } from '../../../components/form/field-wrapper';
import { teamOptionText } from '../agent-texts';
import { useConversationActions, type RoomActions } from './use-conversation-actions';

export type { RoomActions } from './use-conversation-actions';

/**
 * Join or Leave, 'Ask to transfer' when a colleague holds the room, the status buttons, 'Assign to' and the
 * transcript. Every answer is said in the room (a status line, or an alert for errors).
 */
export function ConversationActions({
  conversation,
  meId,
  team,
  actions,
}: {
  conversation: ConversationSummary;
  meId: number | null;
  team: AgentPresence[];
  actions: RoomActions;
}) {
  const { rootRef, joined, heldByOther, status, shown, askable, choice, setChoice, ...room } = useConversationActions(
    conversation,
    meId,
    team,
    actions,
  );
  const noAddressId = useId();
  return (
    <div className="app-agent__actions" ref={rootRef}>
      <div className="app-agent__action-row">
        {joined ? (
          <button type="button" className="app-button app-button--secondary" onClick={() => void room.leave()}>
            Leave (hand back to the bot)
          </button>
        ) : (
          <button type="button" className="app-button app-button--primary" onClick={() => void room.join()}>
            {heldByOther ? `Join (${conversation.assignedAgent!.name} has it)` : 'Join'}
          </button>
        )}
        <StatusButtons status={status} onStatus={(next) => void room.setStatus(next)} />
      </div>
      <AssignControl team={team} choice={choice} onChoice={setChoice} onAssign={room.assign} />
      <div className="app-agent__action-row">
        <a
          className="app-button app-button--ghost"
          href={`${paths.staffChats()}/${conversation.id}/transcript.txt`}
          download
        >
          Download transcript
        </a>
        <button
          type="button"
          className="app-button app-button--ghost"
          disabled={!conversation.transcriptEmail}
          aria-describedby={conversation.transcriptEmail ? undefined : noAddressId}
          onClick={() => void room.emailTranscript()}
        >
          E-mail transcript
        </button>
      </div>
      {conversation.transcriptEmail ? null : (
        <p id={noAddressId} className="app-agent__hint">
          E-mail transcript is off: no e-mail address is known for this visitor. Add one under Contact details.
        </p>
      )}
      <p className="app-agent__feedback" role="status">
        {shown?.tone === 'status' ? shown.text : ''}
      </p>
      <p className="app-agent__feedback app-agent__feedback--error" role="alert">
        {shown?.tone === 'alert' ? shown.text : ''}
      </p>
      {askable ? (
        <button
          type="button"
          className="app-button app-button--primary app-agent__ask"
          onClick={() => void room.askTransfer(askable)}
        >
          Ask to transfer
        </button>
      ) : null}
    </div>
  );
}

/** Resolve, Mark pending and Reopen, each shown only where it changes something. */
function StatusButtons({
  status,
  onStatus,
}: {
  status: ConversationStatus;
  onStatus: (next: ConversationStatus) => void;
}) {
  return (
    <>
      {status !== 'resolved' ? (
        <button type="button" className="app-button app-button--secondary" onClick={() => onStatus('resolved')}>
          Resolve
        </button>
      ) : null}
      {status === 'open' ? (
        <button type="button" className="app-button app-button--secondary" onClick={() => onStatus('pending')}>
          Mark pending
        </button>
      ) : null}
      {status !== 'open' ? (
        <button type="button" className="app-button app-button--secondary" onClick={() => onStatus('open')}>
          Reopen
        </button>
      ) : null}
    </>
  );
}

function AssignControl({
  team,
  choice,
  onChoice,
  onAssign,
}: {
  team: AgentPresence[];
  choice: string;
  onChoice: (choice: string) => void;
  onAssign: () => void;
}) {
  const assignId = useId();
  return (
    <div className="app-agent__action-row app-agent__assign">
      <FieldWrapper id={assignId} label="Assign to" className="app-agent__field">
        {() => (
          <select
            id={assignId}
            className="app-field__control app-agent__control"
            value={choice}
            onChange={(event) => onChoice(event.target.value)}
          >
            <option value="">Choose a colleague…</option>
            {team.map((member) => (
              <option key={member.id} value={String(member.id)}>
                {teamOptionText(member)}
              </option>
            ))}
          </select>
        )}
      </FieldWrapper>
      <button type="button" className="app-button app-button--secondary" onClick={onAssign}>
        Assign
      </button>
    </div>
  );
}
