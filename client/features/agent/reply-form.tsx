import { useCallback, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { CannedReply } from '../../../shared/chat-events';
import { CHAT_MESSAGE_MAX_LENGTH } from '../../../shared/constants';
import { cannedQuery, matchCannedReplies } from './canned-replies';

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
 * picker, or '/' at the start of the box, which lists the replies matching what follows it (arrow keys move,
 * Enter inserts, Escape closes). The box keeps its textbox role (a textarea may not be a combobox) and points
 * at the list with aria-controls and aria-activedescendant.
 */
export function ReplyForm({ joined, cannedReplies, onSend, onTyping }: ReplyFormProps) {
  const replyId = useId();
  const hintId = useId();
  const listboxId = useId();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [active, setActive] = useState(0);
  /** The text the agent closed the list on with Escape: it stays closed until the text changes. */
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  const typingRef = useRef(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);

  const query = joined ? cannedQuery(text) : null;
  const open = query !== null && dismissedFor !== text;
  const matches = open ? matchCannedReplies(cannedReplies, query) : [];
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

  const change = (value: string) => {
    setText(value);
    setActive(0);
    setTyping(Boolean(value.trim()));
  };

  /** Puts a canned reply in the box in place of the '/query', to edit or send. */
  const insert = (reply: CannedReply) => {
    change(reply.body);
    textareaRef.current?.focus();
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const message = text.trim();
    if (!message || sending) return;
    setSending(true);
    const sent = await onSend(message);
    setSending(false);
    if (sent) {
      setText('');
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
    if (expanded && event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      insert(matches[activeIndex]!);
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
          onChange={(event) => change(event.target.value)}
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
        <p className="app-visually-hidden" aria-live="polite">
          {expanded
            ? `${matches[activeIndex]!.title} (${activeIndex + 1} of ${matches.length} canned replies). Up and Down arrows choose, Enter inserts, Escape closes.`
            : open
              ? 'No canned replies match.'
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
