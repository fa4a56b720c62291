import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { chatTexts } from '../../../shared/chat-texts';
import { CHAT_MESSAGE_MAX_LENGTH } from '../../../shared/constants';
import { Icon } from '../../components/icon';

type ChatComposerProps = {
  /** False when the text was not taken (nothing to send): the box keeps it. */
  onSend: (text: string) => boolean;
  onTyping: (typing: boolean) => void;
  /** Lets the widget put a message that could not be sent back into the box. */
  registerRestore: (restore: (text: string) => void) => void;
};

const TYPING_IDLE_MS = 3000;

/** Tells the other side the visitor is typing, and that they stopped after a pause, a send or closing. */
function useTypingSignal(onTyping: (typing: boolean) => void) {
  const typingTimer = useRef<number | undefined>(undefined);
  const typing = useRef(false);

  useEffect(
    () => () => {
      window.clearTimeout(typingTimer.current);
      if (typing.current) onTyping(false);
    },
    [onTyping],
  );

  const stopTyping = () => {
    window.clearTimeout(typingTimer.current);
    if (typing.current) {
      typing.current = false;
      onTyping(false);
    }
  };

  const typed = (value: string) => {
    if (!typing.current && value.trim()) {
      typing.current = true;
      onTyping(true);
    }
    window.clearTimeout(typingTimer.current);
    typingTimer.current = window.setTimeout(stopTyping, TYPING_IDLE_MS);
  };

  return { typed, stopTyping };
}

/** The message box: Enter sends, Shift+Enter makes a new line, empty messages are not sent. */
export function ChatComposer({ onSend, onTyping, registerRestore }: ChatComposerProps) {
  const hintId = useId();
  const inputId = useId();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState('');
  const { typed, stopTyping } = useTypingSignal(onTyping);

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  useEffect(() => {
    registerRestore((failed) => setText((current) => (current.trim() ? current : failed)));
  }, [registerRestore]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!text.trim()) return;
    if (onSend(text)) {
      setText('');
      stopTyping();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter makes a new line; never while an input method is composing.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form className="app-chat-panel__form" onSubmit={submit}>
      <label htmlFor={inputId} className="app-visually-hidden">
        {chatTexts.inputLabel}
      </label>
      <textarea
        ref={inputRef}
        id={inputId}
        className="app-chat-panel__input"
        rows={2}
        maxLength={CHAT_MESSAGE_MAX_LENGTH}
        value={text}
        placeholder={chatTexts.inputLabel}
        aria-describedby={hintId}
        enterKeyHint="send"
        onChange={(event) => {
          setText(event.target.value);
          typed(event.target.value);
        }}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="app-chat-panel__send" disabled={!text.trim()}>
        <Icon name="send" />
        <span className="app-visually-hidden">{chatTexts.sendLabel}</span>
      </button>
      <p id={hintId} className="app-chat-panel__hint">
        {chatTexts.inputHint}
      </p>
    </form>
  );
}
