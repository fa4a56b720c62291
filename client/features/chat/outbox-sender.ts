/**
 * The visitor's unsent messages and their sending: one at a time, in order, by the shared retry
 * policy, kept in storage (outbox-store.ts) after every change so nothing is lost on a reload.
 */
import type { ChatError, ChatMessage } from '../../../shared/chat-events';
import type { VisitorSocket } from '../../lib/socket';
import type { RetryPolicy } from '../../lib/socket-retry';
import type { createOutboxStore, StoredOutgoing } from './outbox-store';

export type Outgoing = StoredOutgoing & { attempts: number; serverFailures: number };

const toOutgoing = (item: StoredOutgoing): Outgoing => ({
  clientId: item.clientId,
  message: item.message,
  createdAt: item.createdAt,
  attempts: 0,
  serverFailures: 0,
});
const toStored = ({ clientId, message, createdAt }: Outgoing): StoredOutgoing => ({ clientId, message, createdAt });

export type OutboxSender = ReturnType<typeof createOutboxSender>;

type OutboxSenderDeps = {
  socket: VisitorSocket;
  policy: RetryPolicy;
  store: ReturnType<typeof createOutboxStore>;
  /** False until the history is synced after a connect (a lost ack may be settled by it), and after destroy. */
  canSend: () => boolean;
  later: (ms: number, task: () => void) => void;
  onAcked: (message: ChatMessage) => void;
  onFailed: (outgoing: Outgoing, error: ChatError | null) => void;
};

export function createOutboxSender(deps: OutboxSenderDeps) {
  const { socket, policy, store } = deps;
  const outbox: Outgoing[] = store.load().map(toOutgoing);
  let inFlight: Outgoing | null = null;
  const save = () => store.save(outbox.map(toStored));

  const remove = (outgoing: Outgoing) => {
    const index = outbox.indexOf(outgoing);
    if (index < 0) return false;
    outbox.splice(index, 1);
    save();
    return true;
  };

  const fail = (outgoing: Outgoing, error: ChatError | null) => {
    if (remove(outgoing)) deps.onFailed(outgoing, error);
    pump();
  };

  /** After an unacknowledged send: retry later, wait for the reconnect, or give the message up. */
  const afterFailure = (head: Outgoing, serverError: ChatError | null) => {
    if (policy.verdict(serverError) === 'fail') return fail(head, serverError);
    if (serverError && ++head.serverFailures >= policy.maxServerFailures) return fail(head, serverError);
    // Offline: the next connect syncs and sends again, however long that takes.
    if (!socket.connected) return;
    deps.later(policy.delayMs(head.attempts), pump);
  };

  function pump() {
    if (inFlight || !deps.canSend() || !socket.connected) return;
    const head = outbox[0];
    if (!head) return;
    head.attempts += 1;
    inFlight = head;
    socket
      .timeout(policy.ackTimeoutMs)
      .emit('message:send', { clientId: head.clientId, message: head.message }, (error, result) => {
        inFlight = null;
        if (!deps.canSend() || !outbox.includes(head)) return pump();
        if (!error && result.ok) {
          deps.onAcked(result.message);
          return pump();
        }
        afterFailure(head, !error && !result.ok ? result.error : null);
      });
  }

  return {
    /** Waiting messages, oldest first. */
    items: (): readonly Outgoing[] => outbox,
    add(message: string, clientId: string) {
      outbox.push({ clientId, message, createdAt: new Date().toISOString(), attempts: 0, serverFailures: 0 });
      save();
    },
    /** A stored message with this client id arrived (ack or history): it is no longer waiting. */
    settle(clientId: string) {
      const found = outbox.find((item) => item.clientId === clientId);
      if (found) remove(found);
    },
    /**
     * The server named this visitor: their stored messages (and those typed before) are the outbox now.
     * `carry`: after a sign-in the waiting messages go with the visitor to the patient's conversation.
     */
    adopt(outboxKey: string, carry = false) {
      const current = outbox.map(toStored);
      const next = store.switchTo(outboxKey, current, carry);
      if (next === current) return;
      const byId = new Map(outbox.map((item) => [item.clientId, item]));
      outbox.splice(0, outbox.length, ...next.map((item) => byId.get(item.clientId) ?? toOutgoing(item)));
    },
    /** The visitor changed (log-out): their messages leave memory but stay stored for them. */
    forget() {
      outbox.length = 0;
      store.detach();
    },
    pump,
  };
}
