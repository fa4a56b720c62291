/**
 * The step after every (re)connect: fetch from the database what this client missed, which also
 * settles any message whose acknowledgement was lost, then let the outbox send what still waits.
 */
import type { ChatMessage, VisitorSyncResult } from '../../../shared/chat-events';
import type { VisitorSocket } from '../../lib/socket';
import type { RetryPolicy } from '../../lib/socket-retry';
import type { OutboxSender } from './outbox-sender';
import type { VisitorChatView } from './visitor-chat-view';

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
    /** The history is in: the outbox may send from now on. */
    markSynced: () => void;
  },
) {
  const { policy, view, sender } = deps;
  const isEmpty = () => view.storedCount() === 0 && sender.items().length === 0;

  const apply = (result: VisitorSyncResult) => {
    sender.adopt(result.outboxKey);
    let replies = false;
    for (const message of result.messages) if (deps.addStored(message) && message.sender !== 'user') replies = true;
    const state = view.getState();
    const firstLoad = !state.ready;
    deps.markSynced();
    view.update({
      ready: true,
      agent: result.agent,
      greetingAt: state.greetingAt ?? (firstLoad && isEmpty() ? new Date().toISOString() : null),
      botTyping: replies ? view.setBotTyping(false) : state.botTyping,
    });
    sender.pump();
  };

  const sync = () => {
    const afterId = view.lastStoredId();
    socket
      .timeout(policy.ackTimeoutMs)
      .emit('conversation:sync', afterId === undefined ? {} : { afterId }, (error, result) => {
        if (deps.stopped()) return;
        if (error || !result.ok) {
          // Try again shortly while connected; a reconnect syncs anyway.
          if (socket.connected) deps.later(policy.delayMs(1), sync);
          return;
        }
        apply(result);
      });
  };

  return sync;
}
