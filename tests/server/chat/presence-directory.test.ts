/**
 * Issue #16: who is connected, across nodes, through the presence directory in Redis
 * (server/chat/presence-directory.ts): a node's rooms are seen by the others at once, a node killed without goodbye
 * drops out when its heartbeat lapses, a lost write is repaired by the next heartbeat, and without Redis a node
 * answers from its own rooms.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createLocalPresence,
  createRedisPresence,
  type LocalRooms,
  type PresenceDirectory,
} from '../../../server/chat/presence-directory';
import type { RedisClients } from '../../../server/redis/redis-clients';
import {
  UNREACHABLE_REDIS_URL,
  dropRedisKeys,
  requireRedis,
  testRedisClients,
  testRedisPrefix,
} from '../../helpers/redis';
import { silentLogger } from '../../helpers/silent-logger';
import { waitFor } from '../../helpers/wait-for';

/** A node's rooms, as Socket.IO's adapter would report them. */
function fakeRooms() {
  const visitors = new Map<string, number>();
  const agents = new Map<number, number>();
  const visitorListeners: ((key: string, present: boolean) => void)[] = [];
  const agentListeners: ((id: number, present: boolean) => void)[] = [];
  const change = <K>(tabs: Map<K, number>, listeners: ((id: K, present: boolean) => void)[], id: K, delta: number) => {
    const before = tabs.get(id) ?? 0;
    const after = before + delta;
    if (after > 0) tabs.set(id, after);
    else tabs.delete(id);
    if ((before === 0) !== (after === 0)) for (const listener of listeners) listener(id, after > 0);
  };
  const rooms: LocalRooms = {
    hasVisitor: (key) => visitors.has(key),
    visitorKeys: () => visitors.keys(),
    agentIds: () => agents.keys(),
    onVisitor: (listener) => void visitorListeners.push(listener),
    onAgent: (listener) => void agentListeners.push(listener),
  };
  return {
    rooms,
    visitorTab: (key: string, delta: 1 | -1) => change(visitors, visitorListeners, key, delta),
    agentTab: (id: number, delta: 1 | -1) => change(agents, agentListeners, id, delta),
  };
}

const prefix = testRedisPrefix();
const fast = { heartbeatMs: 50, nodeTtlMs: 400 };
const opened: { directory: PresenceDirectory; clients: RedisClients }[] = [];

async function node(options: { nodeId?: string; url?: string } = {}) {
  const local = fakeRooms();
  const clients = await testRedisClients(prefix, options.url);
  const directory = createRedisPresence(local.rooms, clients, silentLogger, { ...fast, nodeId: options.nodeId });
  opened.push({ directory, clients });
  return { ...local, directory, clients };
}

beforeAll(requireRedis);
afterEach(async () => {
  for (const { directory, clients } of opened.splice(0)) {
    await directory.close();
    await clients.quit();
  }
});
afterAll(() => dropRedisKeys(prefix));

describe('the presence directory', () => {
  it('shows a visitor with a tab on node A as online on node B, until their last tab closes', async () => {
    const a = await node();
    const b = await node();
    expect(await b.directory.visitorOnline('v:amaka')).toBe(false);
    a.visitorTab('v:amaka', 1);
    a.visitorTab('v:amaka', 1);
    await waitFor(() => b.directory.visitorOnline('v:amaka'), 1000, 'online on B');
    a.visitorTab('v:amaka', -1);
    expect(await b.directory.visitorOnline('v:amaka')).toBe(true);
    a.visitorTab('v:amaka', -1);
    await waitFor(async () => !(await b.directory.visitorOnline('v:amaka')), 1000, 'offline on B');
  });

  it('merges agents from both nodes; away is seen everywhere and ends with the agent’s last tab anywhere', async () => {
    const a = await node();
    const b = await node();
    a.agentTab(7, 1);
    b.agentTab(8, 1);
    b.agentTab(7, 1);
    await b.directory.setAgentAway(7, true);
    await waitFor(async () => (await a.directory.agentStates()).get(7) === 'away', 1000, 'away on A');
    expect(Object.fromEntries(await a.directory.agentStates())).toEqual({ 7: 'away', 8: 'online' });

    a.agentTab(7, -1);
    expect((await b.directory.agentStates()).get(7)).toBe('away');
    b.agentTab(7, -1);
    await waitFor(async () => !(await a.directory.agentStates()).has(7), 1000, 'agent 7 offline');
    // Back later: the new console opens 'online'.
    a.agentTab(7, 1);
    await waitFor(async () => (await b.directory.agentStates()).get(7) === 'online', 1000, 'online again');
  });

  it('drops a node killed without goodbye once its heartbeat lapses', async () => {
    const a = await node();
    const b = await node();
    a.visitorTab('v:tunde', 1);
    a.agentTab(3, 1);
    await waitFor(() => b.directory.visitorOnline('v:tunde'), 1000, 'online on B');
    // kill -9: the connection goes, no cleanup runs, the heartbeats stop.
    a.clients.commands.disconnect();
    await waitFor(async () => !(await b.directory.visitorOnline('v:tunde')), 5000, 'node A dropped');
    expect((await b.directory.agentStates()).has(3)).toBe(false);
  });

  it('leaves at once on a graceful stop', async () => {
    const a = await node();
    const b = await node();
    a.visitorTab('v:ngozi', 1);
    await waitFor(() => b.directory.visitorOnline('v:ngozi'), 1000, 'online on B');
    await a.directory.close();
    expect(await b.directory.visitorOnline('v:ngozi')).toBe(false);
  });

  it('repairs a lost write with the next heartbeat', async () => {
    const a = await node({ nodeId: 'node-a' });
    const b = await node();
    a.visitorTab('v:emeka', 1);
    await waitFor(() => b.directory.visitorOnline('v:emeka'), 1000, 'online on B');
    // The next heartbeat may land at any moment after the delete (every 50 ms here), so what is asserted is that
    // the set really went, then that it came back: not that B saw the gap, which a busy machine can skip.
    const visitorsKey = `${prefix}presence:node:node-a:visitors`;
    expect(await b.clients.commands.del(visitorsKey)).toBe(1);
    await waitFor(async () => (await b.clients.commands.sismember(visitorsKey, 'v:emeka')) === 1, 1000, 'rewritten');
    expect(await b.directory.visitorOnline('v:emeka')).toBe(true);
  });

  it('answers from its own rooms while Redis is unreachable', async () => {
    const a = await node({ url: UNREACHABLE_REDIS_URL });
    a.visitorTab('v:kemi', 1);
    a.agentTab(5, 1);
    await a.directory.setAgentAway(5, true);
    expect(await a.directory.visitorOnline('v:kemi')).toBe(true);
    expect(await a.directory.visitorOnline('v:someone-else')).toBe(false);
    expect(Object.fromEntries(await a.directory.agentStates())).toEqual({ 5: 'away' });
  });

  it('without Redis (one node), answers from its rooms, and away ends with the agent’s last tab', async () => {
    const local = fakeRooms();
    const directory = createLocalPresence(local.rooms);
    local.agentTab(2, 1);
    local.visitorTab('v:ada', 1);
    await directory.setAgentAway(2, true);
    expect(Object.fromEntries(await directory.agentStates())).toEqual({ 2: 'away' });
    expect(await directory.visitorOnline('v:ada')).toBe(true);
    local.agentTab(2, -1);
    local.agentTab(2, 1);
    expect(Object.fromEntries(await directory.agentStates())).toEqual({ 2: 'online' });
  });
});
