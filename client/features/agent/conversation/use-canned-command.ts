/**
 * The '/' command of the reply box (issue #13): the command the caret is in, the canned replies matching it, the
 * active one, and Escape's dismissal (the list stays closed until the text changes).
 */
import { useState } from 'react';
import type { CannedReply } from '../../../../shared/chat-events';
import { cannedCommand, matchCannedReplies } from './canned-replies';

export function useCannedCommand(
  { joined, cannedReplies }: { joined: boolean; cannedReplies: CannedReply[] },
  text: string,
  caret: number,
) {
  const [active, setActive] = useState(0);
  /** The text the agent closed the list on with Escape: it stays closed until the text changes. */
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  const command = joined && dismissedFor !== text ? cannedCommand(text, caret) : null;
  const matches = command ? matchCannedReplies(cannedReplies, command.query) : [];
  return {
    command,
    matches,
    // A query with a space and no match is ordinary text ('see /contact and call us').
    open: command !== null && (matches.length > 0 || !/\s/.test(command.query)),
    expanded: matches.length > 0,
    activeIndex: Math.min(active, matches.length - 1),
    setActive,
    dismiss: () => setDismissedFor(text),
  };
}

export type CannedCommandState = ReturnType<typeof useCannedCommand>;
