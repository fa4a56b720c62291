import type { CannedReply } from '../../../shared/chat-events';

/** At most this many canned replies are listed after '/': typing more narrows them. */
export const CANNED_MATCH_LIMIT = 8;

/** What follows a '/' at the start of the reply box (one line), or null when the box does not start with '/'. */
export function cannedQuery(text: string): string | null {
  const match = /^\/([^\n]*)$/.exec(text);
  return match ? match[1]!.trim() : null;
}

/** The canned replies whose title or text contains the query (any case), titles matching first. */
export function matchCannedReplies(replies: CannedReply[], query: string): CannedReply[] {
  const needle = query.toLocaleLowerCase();
  const inTitle = replies.filter((reply) => reply.title.toLocaleLowerCase().includes(needle));
  const inBody = replies.filter((reply) => !inTitle.includes(reply) && reply.body.toLocaleLowerCase().includes(needle));
  return [...inTitle, ...inBody].slice(0, CANNED_MATCH_LIMIT);
}
