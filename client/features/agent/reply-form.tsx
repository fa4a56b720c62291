import { useCallback, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { agentCannedReplies } from '../../../shared/chat-texts';
import { CHAT_MESSAGE_MAX_LENGTH } from '../../../shared/constants';

type ReplyFormProps = {
  joined: boolean;
  /** Resolves true once the reply is stored (the box is emptied then). */
  onSend: (text: string) => Promise<boolean>;
  onTyping: (typing: boolean) => void;
};

/** The agent's reply box with the canned replies; usable once the agent has joined. */
export function ReplyForm({ joined, onSend, onTyping }: ReplyFormProps) {
  const replyId = useId();
  const hintId = useId();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const typingRef = useRef(false);

  const setTyping = useCallback(
    (typing: boolean) => {
      if (typingRef.current === typing) return;
      typingRef.current = typing;
      onTyping(typing);
    },
    [onTyping],
  );

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
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <form className="app-agent__form" onSubmit={(event) => void submit(event)}>
      <CannedReplyField disabled={!joined} onChoose={setText} />
      <div className="app-agent__field">
        <label htmlFor={replyId}>Your reply</label>
        <textarea
          id={replyId}
          rows={3}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          value={text}
          disabled={!joined}
          aria-describedby={hintId}
          onChange={(event) => {
            setText(event.target.value);
            setTyping(Boolean(event.target.value.trim()));
          }}
          onBlur={() => setTyping(false)}
          onKeyDown={onKeyDown}
        />
        <p id={hintId} className="app-agent__hint">
          {joined
            ? 'Enter sends, Shift+Enter makes a new line.'
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
function CannedReplyField({ disabled, onChoose }: { disabled: boolean; onChoose: (reply: string) => void }) {
  const cannedId = useId();
  return (
    <div className="app-agent__field">
      <label htmlFor={cannedId}>Canned reply</label>
      <select
        id={cannedId}
        value=""
        disabled={disabled}
        onChange={(event) => {
          if (event.target.value) onChoose(event.target.value);
        }}
      >
        <option value="">Choose a ready-made reply…</option>
        {agentCannedReplies.map((reply) => (
          <option key={reply} value={reply}>
            {reply}
          </option>
        ))}
      </select>
    </div>
  );
}
