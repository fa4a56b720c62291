import type { CannedReply } from '../../../../shared/chat-events';

/** At most this many canned replies are listed after '/': typing more narrows them. */
export const CANNED_MATCH_LIMIT = 8;

/** A '/' command being typed: the '/' at `start`, the text up to the caret at `end`, and what follows the '/'. */
export type CannedCommand = { start: number; end: number; query: string };

/**
 * The '/' command the caret is in: a '/' at the start of the box or after a space or line break, followed on the same
 * line by the caret ('Hello /book'). Null when there is none ('and/or', 'example.com/path', a line break after it).
 */
export function cannedCommand(text: string, caret = text.length): CannedCommand | null {
  const before = text.slice(0, caret);
  const match = /(?:^|\s)\/([^\n/]*)$/.exec(before);
  if (!match) return null;
  const start = caret - match[1]!.length - 1;
  return { start, end: caret, query: match[1]!.trim() };
}

/** The text with the command replaced by the canned reply's body, and where the caret goes (after the body). */
export function insertCannedReply(text: string, command: CannedCommand, body: string) {
  return { text: text.slice(0, command.start) + body + text.slice(command.end), caret: command.start + body.length };
}

/** The canned replies whose title or text contains the query (any case), titles matching first. */
export function matchCannedReplies(replies: CannedReply[], query: string): CannedReply[] {
  const needle = query.toLocaleLowerCase();
  const inTitle = replies.filter((reply) => reply.title.toLocaleLowerCase().includes(needle));
  const inBody = replies.filter((reply) => !inTitle.includes(reply) && reply.body.toLocaleLowerCase().includes(needle));
  return [...inTitle, ...inBody].slice(0, CANNED_MATCH_LIMIT);
}
