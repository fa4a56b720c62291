/**
 * The step after every (re)connect: fetch from the database what this client missed, which also
 * settles any message whose acknowledgement was lost, then let the outbox send what still waits.
 */
import type { ChatMessage, VisitorSyncResult } from '../../../shared/chat-events';
import type { VisitorSocket } from '../../lib/socket';
import type { RetryPolicy } from '../../lib/socket-retry';
import type { OutboxSender } from './outbox-sender';
import type { VisitorChatView } from './visitor-chat-view';

/**
 * After an identity change, a sync that still names the old visitor means the new session cookie had
 * not reached the browser when the handshake left (the sign-in response may come after the event):
 * the client reconnects again, up to this many times, before taking the answer as it is.
 */
export const IDENTITY_CHECKS = 3;

export function createHistorySync(
  socket: VisitorSocket,
  deps: {
    policy: RetryPolicy;
    later: (ms: number, task: () => void) => void;
    /** True once the client is destroyed: answers that arrive later are ignored. */
    stopped: () => boolean;
    view: VisitorChatView;
    sender: OutboxSender;
    /** Keeps a stored message and settles its outbox entry; true if it is new. */
    addStored: (message: ChatMessage) => boolean;
    /** The history is in: the outbox may send from now on. `replaced`: a new identity's history replaced the old. */
    markSynced: (result: VisitorSyncResult, replaced: boolean) => void;
    /** After an identity change the server still sees the old visitor: reconnect a little later. */
    identityNotYet: () => void;
  },
) {
  const { policy, view, sender } = deps;
  const isEmpty = () => view.storedCount() === 0 && sender.items().length === 0;
  /** After an identity change: the next sync fetches the whole history and replaces what is shown. */
  let replaceNext = false;
  /** The visitor the server named last, and the one it named when the identity changed. */
  let currentKey: string | null = null;
  let keyBeforeChange: string | null = null;
  let identityChecks = 0;

  const apply = (result: VisitorSyncResult, replace: boolean) => {
    currentKey = result.outboxKey;
    // The unsent messages go with the visitor when the server merged their conversation into the patient's.
    sender.adopt(result.outboxKey, replace);
    if (replace) view.clearStored();
    for (const message of result.messages) deps.addStored(message);
    view.botReplyAtSync(result.botReplyOwed);
    const state = view.getState();
    const firstLoad = !state.ready;
    deps.markSynced(result, replace);
    view.update({
      ready: true,
      agent: result.agent,
      greetingAt: state.greetingAt ?? (firstLoad && isEmpty() ? new Date().toISOString() : null),
      reference: result.reference,
      // Seen in another tab or on another visit counts here too; never backwards within one conversation.
      seenMessageId: replace ? result.seenMessageId : Math.max(state.seenMessageId, result.seenMessageId),
      rating: result.ratingRequested ? 'requested' : state.rating === 'sent' && !replace ? 'sent' : 'none',
    });
    sender.pump();
  };

  const sync = () => {
    const replace = replaceNext;
    const afterId = replace ? undefined : view.lastStoredId();
    socket
      .timeout(policy.ackTimeoutMs)
      .emit('conversation:sync', afterId === undefined ? {} : { afterId }, (error, result) => {
        if (deps.stopped()) return;
        if (error || !result.ok) {
          // Try again shortly while connected; a reconnect syncs anyway.
          if (socket.connected) deps.later(policy.delayMs(1), sync);
          return;
        }
        // A later identity change asked for a new full sync: this answer is the old identity's.
        if (replaceNext !== replace) return;
        if (replace && result.outboxKey === keyBeforeChange && ++identityChecks < IDENTITY_CHECKS) {
          deps.identityNotYet();
          return;
        }
        replaceNext = false;
        apply(result, replace);
      });
  };

  return {
    sync,
    /** The visitor signed in: the next sync replaces the history with the new identity's. */
    replaceOnNextSync() {
      if (!replaceNext) {
        keyBeforeChange = currentKey;
        identityChecks = 0;
      }
      replaceNext = true;
    },
  };
}
