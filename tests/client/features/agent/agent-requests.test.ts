import { describe, expect, it } from 'vitest';
import { askAgentServer, NO_ANSWER } from '../../../../client/features/agent/agent-connection';
import type { AgentSocket } from '../../../../client/lib/socket';

/** A socket stand-in that answers every acknowledged emit with `answer` (or the timeout error). */
function fakeSocket(answer: unknown, { connected = true, timedOut = false } = {}) {
  const sent: unknown[][] = [];
  const socket = {
    connected,
    timeout: () => socket,
    emit: (event: string, payload: unknown, ack: (error: Error | null, result?: unknown) => void) => {
      sent.push([event, payload]);
      if (timedOut) ack(new Error('operation has timed out'));
      else ack(null, answer);
    },
  };
  return { socket: socket as unknown as AgentSocket, sent };
}

describe('askAgentServer (one acknowledged request of the console)', () => {
  it("sends the event and resolves with the server's answer", async () => {
    const { socket, sent } = fakeSocket({ ok: true, sentTo: 'ada@example.com' });
    const result = await askAgentServer(socket, 'transcript:email', { conversationId: 4 });
    expect(sent).toEqual([['transcript:email', { conversationId: 4 }]]);
    expect(result).toEqual({ ok: true, sentTo: 'ada@example.com' });
  });

  it("passes the server's error on, with the holder of a claimed room", async () => {
    const error = { code: 'ALREADY_CLAIMED', message: 'Taken.', holder: { id: 2, name: 'Bola Adeyemi' } };
    const { socket } = fakeSocket({ ok: false, error });
    expect(await askAgentServer(socket, 'room:join', { conversationId: 4 })).toEqual({ ok: false, error });
  });

  it('says NO_ANSWER when offline or when the server does not answer in time', async () => {
    const offline = fakeSocket({ ok: true }, { connected: false });
    expect(await askAgentServer(offline.socket, 'transfer:request', { conversationId: 4 })).toEqual({
      ok: false,
      error: NO_ANSWER,
    });
    expect(offline.sent).toEqual([]);
    expect(await askAgentServer(null, 'canned:delete', { id: 1 })).toEqual({ ok: false, error: NO_ANSWER });
    const slow = fakeSocket(undefined, { timedOut: true });
    expect(await askAgentServer(slow.socket, 'canned:delete', { id: 1 })).toEqual({ ok: false, error: NO_ANSWER });
  });
});
