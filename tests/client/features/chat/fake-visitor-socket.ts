/** A stand-in for the visitor's Socket.IO client in unit tests (not a test file itself). */
import type { ChatMessage, VisitorSyncResult } from '../../../../shared/chat-events';
import type { VisitorSocket } from '../../../../client/lib/socket';

type Handler = (...args: unknown[]) => void;
type PendingAck = { event: string; payload: unknown; ack: (error: Error | null, result?: unknown) => void };

export class FakeVisitorSocket {
  connected = false;
  active = false;
  readonly io = { engine: undefined };
  /** Plain emits (no acknowledgement), in order. */
  readonly emitted: [string, unknown][] = [];
  /** Emits waiting for an acknowledgement, in order. */
  readonly pending: PendingAck[] = [];
  /** connect() and disconnect() calls, in order. */
  readonly calls: string[] = [];
  private readonly handlers = new Map<string, Handler[]>();

  on(event: string, handler: Handler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }
  emit(event: string, payload: unknown) {
    this.emitted.push([event, payload]);
    return this;
  }
  timeout(_ms: number) {
    return {
      emit: (event: string, payload: unknown, ack: PendingAck['ack']) => {
        this.pending.push({ event, payload, ack });
      },
    };
  }
  connect() {
    this.calls.push('connect');
    this.active = true;
    return this;
  }
  disconnect() {
    this.calls.push('disconnect');
    this.active = false;
    if (this.connected) {
      this.connected = false;
      this.fire('disconnect', 'io client disconnect');
    }
    return this;
  }

  /** The server (or the network) says something. */
  fire(event: string, ...args: unknown[]) {
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }
  /** The handshake succeeded. */
  serverConnect() {
    this.connected = true;
    this.active = true;
    this.fire('connect');
  }
  /** Payloads of the emits waiting for an answer to `event`. */
  waiting(event: string) {
    return this.pending.filter((entry) => entry.event === event).map((entry) => entry.payload);
  }
  /** Answers the oldest emit of `event` that waits; returns its payload. */
  answer(event: string, result: unknown) {
    const index = this.pending.findIndex((entry) => entry.event === event);
    if (index < 0) throw new Error(`Nothing waits for an answer to ${event}`);
    const [entry] = this.pending.splice(index, 1);
    entry!.ack(null, result);
    return entry!.payload;
  }
  /** The oldest emit of `event` gets no answer in time. */
  timeOut(event: string) {
    const index = this.pending.findIndex((entry) => entry.event === event);
    const [entry] = this.pending.splice(index, 1);
    entry!.ack(new Error('operation has timed out'));
  }
  emittedOf(event: string) {
    return this.emitted.filter(([name]) => name === event).map(([, payload]) => payload);
  }
  asSocket() {
    return this as unknown as VisitorSocket;
  }
}

let nextId = 1;
export const message = (sender: ChatMessage['sender'], text: string, id = nextId++): ChatMessage => ({
  id,
  clientId: null,
  sender,
  message: text,
  createdAt: new Date(Date.UTC(2026, 0, 5, 10, 0, id)).toISOString(),
  agentName: sender === 'agent' ? 'Ada' : null,
});

export const syncResult = (patch: Partial<VisitorSyncResult> = {}): VisitorSyncResult & { ok: true } => ({
  ok: true,
  messages: [],
  agent: null,
  outboxKey: 'visitor-a',
  reference: null,
  seenMessageId: 0,
  ratingRequested: false,
  botReplyOwed: null,
  ...patch,
});
