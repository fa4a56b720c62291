/**
 * The one text rule in the chat (issue #24.4), over real sockets on both engines: a message with nothing visible is
 * refused; the rating comment follows the rule (on SQLite NUL, BEL and ESC were stored; on PostgreSQL NUL failed the
 * save with STORAGE_FAILED and left the rating open for another).
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { chatTexts } from '../../../shared/chat-texts';
import { connected, startChatHarness, type ChatHarness } from '../../helpers/socket-harness';
import { waitFor } from '../../helpers/wait-for';

let h: ChatHarness;
afterEach(async () => {
  await h.close();
});

const userMessages = async () =>
  (await h.db.selectFrom('chat_messages').select('message').where('sender', '=', 'user').execute()).map(
    (row) => row.message,
  );

describe('the text rule in the chat', () => {
  it('refuses a message made only of invisible characters, and stores nothing', async () => {
    h = await startChatHarness();
    const visitor = h.visitor({ cookie: h.newVisitorCookie() });
    await connected(visitor);
    for (const message of ['\u200B', '\u200B\u200B \u200B', '\u3164', '\u2800', '\u00AD\u034F']) {
      const answer = await visitor.timeout(3000).emitWithAck('message:send', { clientId: randomUUID(), message });
      expect(answer, JSON.stringify(message)).toEqual({
        ok: false,
        error: { code: 'INVALID_PAYLOAD', message: chatTexts.emptyMessage },
      });
    }
    expect(await userMessages()).toEqual([]);
  });

  it('refuses a rating comment with control characters, then takes one clean rating', async () => {
    h = await startChatHarness();
    const staff = await h.userSession('agent', 'Ada Obi');
    const agent = h.agentSocket({ cookie: staff.cookie });
    const visitor = h.visitor({ cookie: h.newVisitorCookie() });
    await Promise.all([connected(agent), connected(visitor)]);
    expect(
      (await visitor.timeout(3000).emitWithAck('message:send', { clientId: randomUUID(), message: 'Hello' })).ok,
    ).toBe(true);
    const { id: conversationId } = await h.db.selectFrom('chat_conversations').select('id').executeTakeFirstOrThrow();
    expect((await agent.timeout(3000).emitWithAck('room:join', { conversationId })).ok).toBe(true);
    const resolved = await agent
      .timeout(3000)
      .emitWithAck('conversation:status', { conversationId, status: 'resolved' });
    expect(resolved.ok).toBe(true);
    await waitFor(
      async () => {
        const sync = await visitor.timeout(3000).emitWithAck('conversation:sync', {});
        return sync.ok && sync.ratingRequested;
      },
      3000,
      'rating requested',
    );

    for (const comment of ['Kind\u0000', 'Kind\u0007', 'Kind \u001B[31mred']) {
      const answer = await visitor.timeout(3000).emitWithAck('rating:send', { rating: 2, comment });
      expect(answer, JSON.stringify(comment)).toEqual({
        ok: false,
        error: { code: 'INVALID_PAYLOAD', message: chatTexts.ratingCommentUnsupported },
      });
    }
    expect(await h.db.selectFrom('chat_ratings').select('id').execute()).toEqual([]);

    // A comment with nothing visible is no comment.
    expect(await visitor.timeout(3000).emitWithAck('rating:send', { rating: 5, comment: '\u200B\u3164' })).toEqual({
      ok: true,
    });
    expect((await visitor.timeout(3000).emitWithAck('rating:send', { rating: 1 })).ok).toBe(false);
    expect(await h.db.selectFrom('chat_ratings').select(['rating', 'comment']).execute()).toEqual([
      { rating: 5, comment: null },
    ]);
  });
});
