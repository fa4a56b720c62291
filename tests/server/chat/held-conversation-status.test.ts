/**
 * Issue #24.6 (ADR 0033): a conversation a colleague holds while online stays theirs. As joining and replying are,
 * changing its status (resolving it above all) is refused, with the holder named so a transfer can be asked for.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { collect, connected, startChatHarness, type ChatHarness } from '../../helpers/socket-harness';
import { waitFor } from '../../helpers/wait-for';

let h: ChatHarness;
afterEach(async () => {
  await h.close();
});

async function agentOnline(name: string, role: 'agent' | 'admin' = 'agent') {
  const staff = await h.userSession(role, name);
  const socket = h.agentSocket({ cookie: staff.cookie, reconnection: false });
  await connected(socket);
  return { ...staff, socket };
}

/** A visitor who has written, and the conversation Ada Obi has joined. */
async function heldByAda() {
  h = await startChatHarness();
  const visitor = h.visitor({ cookie: h.newVisitorCookie() });
  await connected(visitor);
  const sent = await visitor.timeout(3000).emitWithAck('message:send', { clientId: randomUUID(), message: 'Hello' });
  if (!sent.ok) throw new Error(sent.error.message);
  const { id: conversationId } = await h.db.selectFrom('chat_conversations').select('id').executeTakeFirstOrThrow();
  const ada = await agentOnline('Ada Obi');
  expect((await ada.socket.timeout(3000).emitWithAck('room:join', { conversationId })).ok).toBe(true);
  const status = async () =>
    (await h.db.selectFrom('chat_conversations').select('status').executeTakeFirstOrThrow()).status;
  return { visitor, conversationId, ada, status };
}

describe('the status of a conversation a colleague holds', () => {
  for (const role of ['agent', 'admin'] as const) {
    it(`an ${role} cannot resolve it while the holder is online; the holder is named`, async () => {
      const { visitor, conversationId, ada, status } = await heldByAda();
      const resolvedEvents = collect(visitor, 'conversation:resolved');
      const bola = await agentOnline('Bola Ade', role);

      for (const next of ['resolved', 'pending'] as const) {
        const refused = await bola.socket
          .timeout(3000)
          .emitWithAck('conversation:status', { conversationId, status: next });
        expect(refused).toEqual({
          ok: false,
          error: {
            code: 'ALREADY_CLAIMED',
            message: 'Ada Obi has this conversation. You can ask them to transfer it.',
            holder: { id: ada.user.id, name: 'Ada Obi' },
          },
        });
      }
      expect(await status()).toBe('open');
      // The holder still can.
      const resolved = await ada.socket
        .timeout(3000)
        .emitWithAck('conversation:status', { conversationId, status: 'resolved' });
      expect(resolved.ok).toBe(true);
      await waitFor(() => resolvedEvents.length === 1, 3000, 'the visitor told it was resolved');
    });
  }

  it('once the holder has gone offline, a colleague may resolve it', async () => {
    const { conversationId, ada, status } = await heldByAda();
    const bola = await agentOnline('Bola Ade');
    ada.socket.disconnect();
    // Refused until the server has seen Ada go; a refused attempt changes nothing.
    await waitFor(
      async () =>
        (await bola.socket.timeout(3000).emitWithAck('conversation:status', { conversationId, status: 'resolved' })).ok,
      3000,
      'resolved by a colleague',
    );
    expect(await status()).toBe('resolved');
  });
});
