/**
 * The Redis round trips a visitor chat message's rate limits cost on a node that shares Redis (issue #31.2, ADR 0052),
 * counted by wrapping the node's sending connections, so that a change that adds one fails here. Counted: the commands
 * on the limits' keys (`<prefix>rl:`), all sent before the message is stored and acknowledged. (The summaries and
 * presence calls that follow a message run after the acknowledgement, so a count to it would depend on timing.)
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../shared/chat-events';
import { dropRedisKeys, requireRedis, testRedisPrefix } from '../../helpers/redis';
import { collect, connected } from '../../helpers/socket-harness';
import { startTwoNodes } from '../../helpers/two-nodes';
import { waitFor } from '../../helpers/wait-for';

const prefix = testRedisPrefix();
let nodes: Awaited<ReturnType<typeof startTwoNodes>>;
let recording = false;
const sent: { name: string; args: string[] }[] = [];

/** Records every command `client` sends while recording: its name and its arguments as text. */
function count(client: Redis) {
  const original = client.sendCommand.bind(client);
  client.sendCommand = (...args: Parameters<Redis['sendCommand']>) => {
    if (recording) sent.push({ name: args[0].name, args: args[0].args.map(String) });
    return original(...args);
  };
}

beforeAll(async () => {
  await requireRedis();
  nodes = await startTwoNodes(prefix);
  count(nodes.a.redis.commands);
  count(nodes.a.redis.pub);
});
afterAll(async () => {
  await nodes?.close();
  await dropRedisKeys(prefix);
});

describe('Redis per visitor chat message', () => {
  it('one script counts both of its limits (burst and per minute) at once', async () => {
    const visitor = nodes.a.visitor(nodes.newVisitorCookie());
    await connected(visitor);
    const created = collect<ChatMessage>(visitor, 'message:created');
    const send = async (message: string) => {
      const result = await visitor.timeout(5000).emitWithAck('message:send', { clientId: randomUUID(), message });
      expect(result.ok).toBe(true);
    };
    await send('Hi');
    await waitFor(() => created.some((event) => event.value.sender === 'bot'), 5000, "the bot's reply");

    sent.length = 0;
    recording = true;
    await send('Do you offer home visits?');
    recording = false;
    const onLimits = sent.filter((command) => command.args.some((arg) => arg.startsWith(`${prefix}rl:`)));
    // It was 4 scripts (a check and a hit for each of the two limits) before ADR 0052.
    expect(
      onLimits.map((command) => command.name),
      sent.map((command) => command.name).join(' '),
    ).toEqual(['eval']);
    const keys = onLimits[0]!.args.filter((arg) => arg.startsWith(`${prefix}rl:`));
    expect(keys.map((key) => key.slice(`${prefix}rl:`.length).split(':')[0])).toEqual(['chat-burst', 'chat-minute']);
  });
});
