/**
 * The reply box's state (issue #13): the text and caret, the '/' command and its matching canned replies, the active
 * one, sending, and the typing signal (sent only when it changes). See ReplyForm for the keys.
 */
import { useCallback, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { CannedReply } from '../../../../shared/chat-events';
import { cannedCommand, insertCannedReply, matchCannedReplies } from './canned-replies';

export function useReplyForm({
  joined,
  cannedReplies,
  onSend,
  onTyping,
}: {
  joined: boolean;
  cannedReplies: CannedReply[];
  onSend: (text: string) => Promise<boolean>;
  onTyping: (typing: boolean) => void;
}) {
  const [text, setText] = useState('');
  /** Where the caret is: the '/' command is the one it is in. */
  const [caret, setCaret] = useState(0);
  const caretAfterInsert = useRef<number | null>(null);
  const [sending, setSending] = useState(false);
  const [active, setActive] = useState(0);
  /** The text the agent closed the list on with Escape: it stays closed until the text changes. */
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  const setTyping = useTypingSignal(onTyping);
  const textareaRef = useRef<HTMLTextAreaElement>(null);

  const command = joined && dismissedFor !== text ? cannedCommand(text, caret) : null;
  const matches = command ? matchCannedReplies(cannedReplies, command.query) : [];
  // A query with a space and no match is ordinary text ('see /contact and call us').
  const open = command !== null && (matches.length > 0 || !/\s/.test(command.query));
  const expanded = matches.length > 0;
  const activeIndex = Math.min(active, matches.length - 1);

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

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) =>
    replyKeyDown(event, {
      open,
      matches,
      activeIndex,
      dismiss: () => setDismissedFor(text),
      setActive,
      insert,
      send: () => void submit(),
    });

  return {
    text,
    sending,
    open,
    expanded,
    matches,
    activeIndex,
    textareaRef,
    change,
    setCaret,
    setTyping,
    insert,
    submit,
    onKeyDown,
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

/**
 * The reply box's keys: with the '/' list open, Escape closes it, the arrows move, Enter inserts (or waits when
 * nothing matches); otherwise Enter sends and Shift+Enter makes a new line.
 */
function replyKeyDown(
  event: KeyboardEvent<HTMLTextAreaElement>,
  command: {
    open: boolean;
    matches: CannedReply[];
    activeIndex: number;
    dismiss: () => void;
    setActive: (index: number) => void;
    insert: (reply: CannedReply) => void;
    send: () => void;
  },
) {
  const { open, matches, activeIndex } = command;
  const expanded = matches.length > 0;
  if (event.nativeEvent.isComposing) return;
  if (open && event.key === 'Escape') {
    event.preventDefault();
    event.stopPropagation();
    command.dismiss();
    return;
  }
  if (expanded && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
    event.preventDefault();
    const step = event.key === 'ArrowDown' ? 1 : -1;
    command.setActive((activeIndex + step + matches.length) % matches.length);
    return;
  }
  if (open && event.key === 'Enter' && !event.shiftKey) {
    event.preventDefault();
    if (expanded) command.insert(matches[activeIndex]!);
    return;
  }
  if (event.key === 'Enter' && !event.shiftKey) {
    event.preventDefault();
    command.send();
  }
}
