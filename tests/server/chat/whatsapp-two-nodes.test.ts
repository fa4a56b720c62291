/**
 * Issue #30 with two nodes sharing Redis and one database: Meta's webhook may land on either node. A message posted to
 * both at once is stored once, and reaches the agent live on the other node; the agent's answer is queued once.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../shared/chat-events';
import { dropRedisKeys, requireRedis, testRedisPrefix } from '../../helpers/redis';
import { collect, connected } from '../../helpers/socket-harness';
import { startTwoNodes } from '../../helpers/two-nodes';
import { waitFor } from '../../helpers/wait-for';
import { TEST_APP_SECRET, postWhatsApp, whatsAppMessageBody } from '../../helpers/whatsapp-webhook';

const prefix = testRedisPrefix();
let nodes: Awaited<ReturnType<typeof startTwoNodes>>;

beforeAll(requireRedis);
afterEach(() => nodes?.close());
afterAll(() => dropRedisKeys(prefix));

const PATIENT = '+2348031112233';

describe('WhatsApp on two nodes', () => {
  it('stores a message posted to both nodes once, live to the agent on the other node, and queues the answer once', async () => {
    nodes = await startTwoNodes(prefix, {
      env: { WHATSAPP_APP_SECRET: TEST_APP_SECRET, WHATSAPP_VERIFY_TOKEN: 'verify-two-nodes' },
    });
    const staff = await nodes.userSession('agent', 'Ngozi Eze');
    const agent = nodes.b.agent(staff.cookie);
    await connected(agent);
    const seen = collect<{ conversationId: number; message: ChatMessage }>(agent, 'message:created');

    const body = whatsAppMessageBody(PATIENT, 'abeg my chest dey pain me well well, I no fit breathe', {
      id: 'wamid.TWONODES1',
    });
    const answers = await Promise.all([
      postWhatsApp(nodes.a.baseUrl, body),
      postWhatsApp(nodes.b.baseUrl, body),
      postWhatsApp(nodes.a.baseUrl, body),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const stored = await nodes.db
      .selectFrom('chat_messages')
      .selectAll()
      .where('client_id', '=', 'wa:wamid.TWONODES1')
      .execute();
    expect(stored).toHaveLength(1);
    expect(await nodes.db.selectFrom('chat_conversations').selectAll().execute()).toHaveLength(1);
    await waitFor(
      () => seen.some((event) => event.value.message.id === stored[0]!.id),
      5000,
      'the message live on the other node',
    );
    const conversationId = stored[0]!.conversation_id;

    expect((await agent.timeout(3000).emitWithAck('room:join', { conversationId })).ok).toBe(true);
    const clientId = randomUUID();
    const send = () =>
      agent
        .timeout(3000)
        .emitWithAck('message:send', { conversationId, clientId, message: 'Call 112 now. We are here.' });
    const [first, retry] = [await send(), await send()];
    expect(first.ok && retry.ok && first.message.id === retry.message.id).toBe(true);
    const queued = await nodes.db
      .selectFrom('outbound_messages')
      .selectAll()
      .where('conversation_id', '=', conversationId)
      .where('text_body', 'like', 'Call 112 now.%')
      .execute();
    expect(queued.map((row) => [row.channel, row.recipient])).toEqual([['whatsapp', PATIENT]]);
  });
});
