import { useCallback, useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { CannedReply } from '../../../shared/chat-events';
import { CHAT_MESSAGE_MAX_LENGTH } from '../../../shared/constants';
import { cannedCommand, insertCannedReply, matchCannedReplies } from './canned-replies';

type ReplyFormProps = {
  joined: boolean;
  /** The team's canned replies, from the server. */
  cannedReplies: CannedReply[];
  /** Resolves true once the reply is stored (the box is emptied then). */
  onSend: (text: string) => Promise<boolean>;
  onTyping: (typing: boolean) => void;
};

/**
 * The agent's reply box; usable once the agent has joined. Canned replies come two ways: the 'Canned reply'
 * picker, or a '/' at the start of the box or after a space ('Hello /book'), which lists the replies matching what
 * follows it (arrow keys move, Enter inserts the reply in place of the '/book', Escape closes). While the list is
 * open nothing is sent, so a '/book' never reaches the patient as text by accident: with nothing matching, Enter
 * waits, and Escape closes the list so the text can be sent as it is. The box keeps its textbox role (a textarea may
 * not be a combobox) and points at the list with aria-controls and aria-activedescendant.
 */
export function ReplyForm({ joined, cannedReplies, onSend, onTyping }: ReplyFormProps) {
  const replyId = useId();
  const hintId = useId();
  const listboxId = useId();
  const [text, setText] = useState('');
  /** Where the caret is: the '/' command is the one it is in. */
  const [caret, setCaret] = useState(0);
  const caretAfterInsert = useRef<number | null>(null);
  const [sending, setSending] = useState(false);
  const [active, setActive] = useState(0);
  /** The text the agent closed the list on with Escape: it stays closed until the text changes. */
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  const typingRef = useRef(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);

  const command = joined && dismissedFor !== text ? cannedCommand(text, caret) : null;
  const matches = command ? matchCannedReplies(cannedReplies, command.query) : [];
  // A query with a space and no match is ordinary text ('see /contact and call us').
  const open = command !== null && (matches.length > 0 || !/\s/.test(command.query));
  const expanded = matches.length > 0;
  const activeIndex = Math.min(active, matches.length - 1);
  const optionId = (reply: CannedReply) => `${listboxId}-${reply.id}`;

  const setTyping = useCallback(
    (typing: boolean) => {
      if (typingRef.current === typing) return;
      typingRef.current = typing;
      onTyping(typing);
    },
    [onTyping],
  );

  const change = (value: string, caretAt = value.length) => {
    setText(value);
    setCaret(caretAt);
    setActive(0);
    setTyping(Boolean(value.trim()));
  };

  // After an insert, the caret goes after the inserted reply (React puts it at the end of the new value).
  useLayoutEffect(() => {
    if (caretAfterInsert.current === null) return;
    textareaRef.current?.setSelectionRange(caretAfterInsert.current, caretAfterInsert.current);
    caretAfterInsert.current = null;
  });

  /** Puts a canned reply in the box in place of the '/query', to edit or send. */
  const insert = (reply: CannedReply) => {
    if (!command) return;
    const next = insertCannedReply(text, command, reply.body);
    caretAfterInsert.current = next.caret;
    change(next.text, next.caret);
    textareaRef.current?.focus();
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const message = text.trim();
    if (!message || sending) return;
    // A '/' command still open: choose a reply, or Escape to send the text as it is.
    if (open) {
      textareaRef.current?.focus();
      return;
    }
    setSending(true);
    const sent = await onSend(message);
    setSending(false);
    if (sent) {
      setText('');
      setCaret(0);
      setTyping(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (open && event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setDismissedFor(text);
      return;
    }
    if (expanded && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + matches.length) % matches.length);
      return;
    }
    if (open && event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      if (expanded) insert(matches[activeIndex]!);
      return;
    }
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <form className="app-agent__form" onSubmit={(event) => void submit(event)}>
      <CannedReplyField disabled={!joined} replies={cannedReplies} onChoose={(reply) => change(reply.body)} />
      <div className="app-agent__field app-agent__reply">
        <label htmlFor={replyId}>Your reply</label>
        <textarea
          ref={textareaRef}
          id={replyId}
          rows={3}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          value={text}
          disabled={!joined}
          aria-describedby={hintId}
          aria-autocomplete="list"
          aria-haspopup="listbox"
          aria-controls={expanded ? listboxId : undefined}
          aria-activedescendant={expanded ? optionId(matches[activeIndex]!) : undefined}
          onChange={(event) => change(event.target.value, event.target.selectionStart)}
          onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
          onBlur={() => setTyping(false)}
          onKeyDown={onKeyDown}
        />
        {expanded ? (
          <ul id={listboxId} role="listbox" aria-label="Canned replies" className="app-agent__canned-list">
            {matches.map((reply, index) => (
              <li
                key={reply.id}
                id={optionId(reply)}
                role="option"
                aria-selected={index === activeIndex}
                tabIndex={-1}
                className={`app-agent__canned-option${index === activeIndex ? ' app-agent__canned-option--active' : ''}`}
                // Mouse and touch: the box keeps the focus (mousedown would take it), keyboard users use the arrows.
                onMouseDown={(event) => {
                  event.preventDefault();
                  insert(reply);
                }}
              >
                <strong>{reply.title}</strong>
                <span className="app-agent__canned-body">{reply.body}</span>
              </li>
            ))}
          </ul>
        ) : null}
        <p className={open && !expanded ? 'app-agent__hint' : 'app-visually-hidden'} aria-live="polite">
          {expanded
            ? `${matches[activeIndex]!.title} (${activeIndex + 1} of ${matches.length} canned replies). Up and Down arrows choose, Enter inserts, Escape closes.`
            : open
              ? 'No canned replies match. Press Escape to send your text as it is.'
              : ''}
        </p>
        <p id={hintId} className="app-agent__hint">
          {joined
            ? 'Enter sends, Shift+Enter makes a new line. Type / for canned replies.'
            : 'Join the conversation to reply. The bot answers until you do.'}
        </p>
      </div>
      <button type="submit" className="app-button app-button--primary" disabled={!joined || sending || !text.trim()}>
        {sending ? 'Sending...' : 'Send reply'}
      </button>
    </form>
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
    <div className="app-agent__field">
      <label htmlFor={cannedId}>Canned reply</label>
      <select
        id={cannedId}
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
    </div>
  );
}
