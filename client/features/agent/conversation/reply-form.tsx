import { useId } from 'react';
import type { CannedReply } from '../../../../shared/chat-events';
import { CHAT_MESSAGE_MAX_LENGTH } from '../../../../shared/constants';
import { AppForm } from '../../../components/form/app-form';
import { FieldWrapper } from '../../../components/form/field-wrapper';
import { useReplyForm } from './use-reply-form';

type ReplyFormProps = {
  joined: boolean;
  /** The team's canned replies, from the server. */
  cannedReplies: CannedReply[];
  /** Resolves true once the reply is stored (the box is emptied then). */
  onSend: (text: string) => Promise<boolean>;
  onTyping: (typing: boolean) => void;
};

/**
 * The agent's reply box on the form kit; usable once the agent has joined. Canned replies come two ways: the 'Canned
 * reply' picker, or a '/' at the start of the box or after a space ('Hello /book'), which lists the replies matching
 * what follows it (arrow keys move, Enter inserts the reply in place of the '/book', Escape closes). While the list is
 * open nothing is sent, so a '/book' never reaches the patient as text by accident: with nothing matching, Enter
 * waits, and Escape closes the list so the text can be sent as it is. The box keeps its textbox role (a textarea may
 * not be a combobox) and points at the list with aria-controls and aria-activedescendant.
 */
export function ReplyForm(props: ReplyFormProps) {
  const { joined, cannedReplies } = props;
  const replyId = useId();
  const listboxId = useId();
  const optionId = (reply: CannedReply) => `${listboxId}-${reply.id}`;
  const reply = useReplyForm(props);
  const { expanded, matches, activeIndex } = reply.list;

  return (
    <AppForm form={reply.form} onSubmit={reply.onSubmit} className="app-agent__form">
      <CannedReplyField disabled={!joined} replies={cannedReplies} onChoose={(chosen) => reply.change(chosen.body)} />
      <FieldWrapper
        id={replyId}
        label="Your reply"
        className="app-agent__field"
        hint={
          joined
            ? 'Enter sends, Shift+Enter makes a new line. Type / for canned replies.'
            : 'Join the conversation to reply. The bot answers until you do.'
        }
      >
        {(describedBy) => (
          <>
            <textarea
              ref={reply.textareaRef}
              id={replyId}
              name="message"
              className="app-field__control app-agent__control"
              rows={3}
              maxLength={CHAT_MESSAGE_MAX_LENGTH}
              value={reply.text}
              disabled={!joined}
              aria-describedby={describedBy}
              aria-autocomplete="list"
              aria-haspopup="listbox"
              aria-controls={expanded ? listboxId : undefined}
              aria-activedescendant={expanded ? optionId(matches[activeIndex]!) : undefined}
              onChange={(event) => reply.change(event.target.value, event.target.selectionStart)}
              onSelect={(event) => reply.setCaret(event.currentTarget.selectionStart)}
              onBlur={() => reply.setTyping(false)}
              onKeyDown={reply.onKeyDown}
            />
            {expanded ? (
              <ul id={listboxId} role="listbox" aria-label="Canned replies" className="app-agent__canned-list">
                {matches.map((match, index) => (
                  <CannedOption
                    key={match.id}
                    id={optionId(match)}
                    reply={match}
                    active={index === activeIndex}
                    onInsert={reply.insert}
                  />
                ))}
              </ul>
            ) : null}
            <CannedHint open={reply.list.open} matches={matches} activeIndex={activeIndex} />
          </>
        )}
      </FieldWrapper>
      <button
        type="submit"
        className="app-button app-button--primary"
        disabled={!joined || reply.sending || !reply.text.trim()}
      >
        {reply.sending ? 'Sending...' : 'Send reply'}
      </button>
    </AppForm>
  );
}

/** Ready-made replies: choosing one puts it in the reply box to edit or send. */
function CannedReplyField({
  disabled,
  replies,
  onChoose,
}: {
  disabled: boolean;
  replies: CannedReply[];
  onChoose: (reply: CannedReply) => void;
}) {
  const cannedId = useId();
  return (
    <FieldWrapper id={cannedId} label="Canned reply" className="app-agent__field">
      {() => (
        <select
          id={cannedId}
          className="app-field__control app-agent__control"
          value=""
          disabled={disabled || replies.length === 0}
          onChange={(event) => {
            const reply = replies.find((item) => String(item.id) === event.target.value);
            if (reply) onChoose(reply);
          }}
        >
          <option value="">{replies.length ? 'Choose a ready-made reply…' : 'No canned replies yet'}</option>
          {replies.map((reply) => (
            <option key={reply.id} value={String(reply.id)}>
              {reply.title}
            </option>
          ))}
        </select>
      )}
    </FieldWrapper>
  );
}

/** One canned reply matching the '/' command; the box keeps the focus. */
function CannedOption({
  id,
  reply,
  active,
  onInsert,
}: {
  id: string;
  reply: CannedReply;
  active: boolean;
  onInsert: (reply: CannedReply) => void;
}) {
  return (
    <li
      id={id}
      role="option"
      aria-selected={active}
      tabIndex={-1}
      className={`app-agent__canned-option${active ? ' app-agent__canned-option--active' : ''}`}
      // Mouse and touch: the box keeps the focus (mousedown would take it), keyboard users use the arrows.
      onMouseDown={(event) => {
        event.preventDefault();
        onInsert(reply);
      }}
    >
      <strong>{reply.title}</strong>
      <span className="app-agent__canned-body">{reply.body}</span>
    </li>
  );
}

/** Says what the '/' command list shows (`matches` is empty when nothing is listed). */
function CannedHint({ open, matches, activeIndex }: { open: boolean; matches: CannedReply[]; activeIndex: number }) {
  const expanded = matches.length > 0;
  return (
    <p className={open && !expanded ? 'app-agent__hint' : 'app-visually-hidden'} aria-live="polite">
      {expanded
        ? `${matches[activeIndex]!.title} (${activeIndex + 1} of ${matches.length} canned replies). Up and Down arrows choose, Enter inserts, Escape closes.`
        : open
          ? 'No canned replies match. Press Escape to send your text as it is.'
          : ''}
    </p>
  );
}
