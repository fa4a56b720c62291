import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { ChatError, ChatRatingInput } from '../../../shared/chat-events';
import { chatTexts } from '../../../shared/chat-texts';
import { visitorRatingSchema } from '../../../shared/schemas/chat';
import type { VisitorRatingState } from './visitor-chat-view';

const RATINGS = [1, 2, 3, 4, 5] as const;
const COMMENT_MAX_LENGTH = 1000;

type ChatRatingProps = {
  state: VisitorRatingState;
  /** Resolves with null when the server stored the rating, else the error to show. */
  onSend: (input: ChatRatingInput) => Promise<ChatError | null>;
};

/**
 * 'How did we do?' after an agent resolved the conversation (issue #14): a rating from 1 to 5 and
 * an optional comment. Once stored, the form gives way to a thank-you (which takes focus, so
 * keyboard users are not left on a button that is gone).
 */
export function ChatRating({ state, onSend }: ChatRatingProps) {
  const name = useId();
  const commentId = useId();
  const errorId = useId();
  const scaleId = useId();
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const thanksRef = useRef<HTMLParagraphElement>(null);
  const focusThanks = useRef(false);

  useEffect(() => {
    if (state !== 'sent' || !focusThanks.current) return;
    focusThanks.current = false;
    thanksRef.current?.focus();
  }, [state]);

  if (state === 'none') return null;
  if (state === 'sent') {
    return (
      <p ref={thanksRef} className="app-chat-rating__thanks" role="status" tabIndex={-1}>
        {chatTexts.ratingThanks}
      </p>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const parsed = visitorRatingSchema.safeParse({
      rating: rating ?? undefined,
      ...(comment.trim() ? { comment } : {}),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? chatTexts.errorDescription);
      return;
    }
    setSending(true);
    setError(null);
    focusThanks.current = true;
    const failure = await onSend(parsed.data);
    setSending(false);
    if (failure) {
      focusThanks.current = false;
      setError(failure.message);
    }
  };

  return (
    <form
      className="app-chat-rating"
      aria-describedby={error ? errorId : undefined}
      onSubmit={(event) => void submit(event)}
    >
      <fieldset className="app-chat-rating__fieldset" aria-describedby={scaleId}>
        <legend className="app-chat-rating__legend">{chatTexts.ratingQuestion}</legend>
        <p id={scaleId} className="app-chat-rating__hint">
          {chatTexts.ratingScale}
        </p>
        <div className="app-chat-rating__scale">
          {RATINGS.map((value) => (
            <label key={value} className="app-chat-rating__choice">
              <input
                type="radio"
                name={name}
                value={value}
                checked={rating === value}
                onChange={() => setRating(value)}
              />
              <span aria-hidden="true">{value}</span>
              <span className="app-visually-hidden">{chatTexts.ratingLabel(value)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <label htmlFor={commentId} className="app-chat-rating__label">
        {chatTexts.ratingCommentLabel}
      </label>
      <textarea
        id={commentId}
        className="app-chat-rating__comment"
        rows={2}
        maxLength={COMMENT_MAX_LENGTH}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
      />
      <div className="app-chat-rating__actions">
        <button type="submit" className="app-button app-button--primary app-chat-rating__send" aria-disabled={sending}>
          {chatTexts.ratingSend}
        </button>
        {error ? (
          <p id={errorId} className="app-chat-rating__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </form>
  );
}
