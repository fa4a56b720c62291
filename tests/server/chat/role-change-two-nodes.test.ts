/**
 * Issue #24.2 across nodes: a demotion made through node A reaches the demoted admin's console and inbox on node B
 * (through the Socket.IO Redis adapter); they reconnect, and come back with the new role.
 */
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dropRedisKeys, requireRedis, testRedisPrefix } from '../../helpers/redis';
import { connected } from '../../helpers/socket-harness';
import { startTwoNodes } from '../../helpers/two-nodes';

const prefix = testRedisPrefix();
let nodes: Awaited<ReturnType<typeof startTwoNodes>>;

beforeAll(requireRedis);
afterEach(() => nodes?.close());
afterAll(() => dropRedisKeys(prefix));

const disconnected = (socket: Socket) => new Promise<string>((resolve) => socket.once('disconnect', resolve));

describe('a role change with two nodes', () => {
  it('a demotion through node A reconnects the admin’s console and inbox on node B, which come back as an agent', async () => {
    nodes = await startTwoNodes(prefix);
    const admin = await nodes.userSession('admin', 'Funmi Adebayo');
    const colleague = await nodes.userSession('admin', 'Kunle Ajayi');
    const bystander = await nodes.userSession('agent', 'Ada Obi');
    const agentConsole = nodes.b.agent(admin.cookie);
    const inbox = nodes.b.staff(admin.cookie);
    const other = nodes.b.agent(bystander.cookie);
    await Promise.all([agentConsole, inbox, other].map(connected));
    const closed = [agentConsole, inbox].map(disconnected);

    const response = await fetch(`${nodes.a.baseUrl}/trpc/team.setRole`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: nodes.a.baseUrl, cookie: colleague.cookie },
      body: JSON.stringify({ userId: admin.user.id, role: 'agent' }),
    });
    expect(response.status).toBe(200);
    expect(await Promise.all(closed)).toEqual(['io server disconnect', 'io server disconnect']);
    expect(other.connected).toBe(true);

    agentConsole.connect();
    await connected(agentConsole);
    const listed = await agentConsole.timeout(3000).emitWithAck('conversation:list', {});
    expect(listed.ok && listed.me.role).toBe('agent');
  });
});
