/**
 * The agent console's connection without React: status changes, refusals and the reconnects the
 * Socket.IO client does not do by itself. A server-side disconnect ('io server disconnect', e.g.
 * an older server's shutdown or a socket dropped on purpose) is never retried by the client, so
 * the console would stay on 'Reconnecting…' until reloaded: it connects again here, and the
 * handshake decides (an ended session is refused and the console says so).
 */
import type { AgentClientToServerEvents, ChatError, ChatErrorCode, ChatMessage } from '../../../shared/chat-events';
import { CHAT_ACK_TIMEOUT_MS } from '../../../shared/constants';
import type { AgentSocket } from '../../lib/socket';
import { createRetryPolicy, type RetryPolicy } from '../../lib/socket-retry';

export type AgentConnectionStatus = 'checking' | 'ready' | 'offline' | 'denied';

export const SERVER_DISCONNECT_RECONNECT_MS = 1000;

export function watchAgentConnection(
  socket: AgentSocket,
  handlers: {
    /** Connected (first time or again): load what was missed. */
    onConnect: () => void;
    onStatus: (update: (current: AgentConnectionStatus) => AgentConnectionStatus) => void;
    /** The server refused the console (not signed in, or not staff). */
    onDenied: () => void;
  },
  reconnectDelayMs = SERVER_DISCONNECT_RECONNECT_MS,
) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  socket.on('connect', handlers.onConnect);
  socket.on('disconnect', (reason) => {
    handlers.onStatus((current) => (current === 'denied' ? 'denied' : 'offline'));
    if (reason === 'io server disconnect') {
      clearTimeout(timer);
      timer = setTimeout(() => socket.connect(), reconnectDelayMs);
    }
  });
  socket.on('connect_error', (error) => {
    const code = (error as Error & { data?: ChatError }).data?.code;
    if (code === 'UNAUTHORIZED' || code === 'FORBIDDEN') {
      handlers.onStatus(() => 'denied');
      handlers.onDenied();
    } else {
      handlers.onStatus((current) => (current === 'checking' ? 'checking' : 'offline'));
    }
  });
  return () => clearTimeout(timer);
}

/**
 * Sends an agent's reply by the shared retry policy (the same one as the visitor widget): the
 * client id makes every retry safe. Resolves with the stored message, or the error to show.
 */
export function sendAgentMessage(
  getSocket: () => AgentSocket | null,
  payload: { conversationId: number; clientId: string; message: string },
  policy: RetryPolicy = createRetryPolicy(),
): Promise<{ ok: true; message: ChatMessage } | { ok: false; error: ChatError | null }> {
  return new Promise((resolve) => {
    let serverFailures = 0;
    const attempt = (number: number) => {
      const socket = getSocket();
      if (!socket) return resolve({ ok: false, error: null });
      socket.timeout(policy.ackTimeoutMs).emit('message:send', payload, (error, result) => {
        if (!error && result.ok) return resolve({ ok: true, message: result.message });
        const serverError = !error && !result.ok ? result.error : null;
        if (policy.verdict(serverError) === 'fail') return resolve({ ok: false, error: serverError });
        // An agent watches the send: after as many tries as the server gets, say so rather than wait on.
        if (serverError) serverFailures += 1;
        if (serverFailures >= policy.maxServerFailures || number >= policy.maxServerFailures)
          return resolve({ ok: false, error: serverError });
        setTimeout(() => attempt(number + 1), policy.delayMs(number));
      });
    };
    attempt(1);
  });
}

type AgentEvents = AgentClientToServerEvents;
/** The agent events the server acknowledges. */
type AckedEvent = {
  [E in keyof AgentEvents]: AgentEvents[E] extends (payload: never, ack: never) => void ? E : never;
}[keyof AgentEvents];
type PayloadOf<E extends AckedEvent> = Parameters<AgentEvents[E]>[0];
type AnswerOf<E extends AckedEvent> = AgentEvents[E] extends (payload: never, ack: (result: infer R) => void) => void
  ? R
  : never;

/** A server error, or 'NO_ANSWER' when the console is offline or the server did not answer in time. */
export type AskError = Omit<ChatError, 'code'> & { code: ChatErrorCode | 'NO_ANSWER' };
export type AskResult<E extends AckedEvent> = AnswerOf<E> | { ok: false; error: AskError };

export const NO_ANSWER: AskError = { code: 'NO_ANSWER', message: 'The server did not answer. Please try again.' };

/** Sends one acknowledged request once (no retry: the agent sees the answer and decides). */
export function askAgentServer<E extends AckedEvent>(
  socket: AgentSocket | null,
  event: E,
  payload: PayloadOf<E>,
  timeoutMs = CHAT_ACK_TIMEOUT_MS,
): Promise<AskResult<E>> {
  return new Promise((resolve) => {
    if (!socket?.connected) return resolve({ ok: false, error: NO_ANSWER });
    // Socket.IO's typed emit cannot follow a generic event name; the signature above keeps callers typed.
    const timed = socket.timeout(timeoutMs);
    const emit = timed.emit.bind(timed) as unknown as (
      event: E,
      payload: PayloadOf<E>,
      ack: (error: Error | null, result: AnswerOf<E>) => void,
    ) => void;
    emit(event, payload, (error, result) => resolve(error ? { ok: false, error: NO_ANSWER } : result));
  });
}
