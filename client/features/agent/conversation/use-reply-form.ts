/**
 * The reply box's state (issue #13) on the form kit (issue #26): the text and caret, the '/' command
 * (useCannedCommand), sending with the kit's double-send guard, and the typing signal (sent only when it changes).
 * See ReplyForm for the keys.
 */
import { useCallback, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { CannedReply } from '../../../../shared/chat-events';
import { useAppForm } from '../../../components/form/use-app-form';
import { insertCannedReply } from './canned-replies';
import { replyKeyDown } from './reply-keys';
import { useCannedCommand } from './use-canned-command';

// A reply that could not be sent is said by the console (its toast), so the form itself has nothing to add.
const saidElsewhere = () => undefined;

export function useReplyForm(props: {
  joined: boolean;
  cannedReplies: CannedReply[];
  onSend: (text: string) => Promise<boolean>;
  onTyping: (typing: boolean) => void;
}) {
  const form = useAppForm({ onLoadFailed: saidElsewhere });
  const [text, setText] = useState('');
  /** Where the caret is: the '/' command is the one it is in. */
  const [caret, setCaret] = useState(0);
  const caretAfterInsert = useRef<number | null>(null);
  const [sending, setSending] = useState(false);
  const setTyping = useTypingSignal(props.onTyping);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const list = useCannedCommand(props, text, caret);

  const change = (value: string, caretAt = value.length) => {
    setText(value);
    setCaret(caretAt);
    list.setActive(0);
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
    if (!list.command) return;
    const next = insertCannedReply(text, list.command, reply.body);
    caretAfterInsert.current = next.caret;
    change(next.text, next.caret);
    textareaRef.current?.focus();
  };

  const onSubmit = form.submit(async (_nothing, element) => {
    const message = text.trim();
    if (!message) return;
    // A '/' command still open: choose a reply, or Escape to send the text as it is.
    if (list.open) return element.querySelector('textarea')?.focus();
    setSending(true);
    const sent = await props.onSend(message).finally(() => setSending(false));
    if (!sent) return;
    setText('');
    setCaret(0);
    setTyping(false);
  });

  return {
    form,
    onSubmit,
    text,
    sending,
    list,
    textareaRef,
    change,
    setCaret,
    setTyping,
    insert,
    // Enter sends the way the button does: through the form's submit, and so through the kit's guard.
    onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) =>
      replyKeyDown(event, list, { insert, send: () => event.currentTarget.form?.requestSubmit() }),
  };
}

/** The typing signal, sent only when it changes. */
function useTypingSignal(onTyping: (typing: boolean) => void) {
  const typingRef = useRef(false);
  return useCallback(
    (typing: boolean) => {
      if (typingRef.current === typing) return;
      typingRef.current = typing;
      onTyping(typing);
    },
    [onTyping],
  );
}
