/**
 * Who is connected to the chat, on every node (issue #16): which visitors have a tab open, which agents have a console
 * open, and which agents chose 'away'.
 *
 * Each node knows its own sockets: Socket.IO's local rooms, `visitor:<key>` and `agent:<id>` (rooms.ts). One node
 * alone answers from them. With Redis, each node also mirrors its rooms into two Redis sets under its own node id,
 * at once on every change and in full with a heartbeat, and any node answers "is this visitor online anywhere?" with
 * one Redis call. Asking the other nodes instead (the adapter's fetchSockets) queued every message behind the other
 * node's traffic: p50 2.5 s in bench:cluster with 2,000 visitors (docs/decisions/0027).
 *
 * A node that stops without saying goodbye (kill -9) drops out when its heartbeat lapses (PRESENCE_NODE_TTL_MS): until
 * then its visitors still read as online. While Redis is away, a node answers from its own sockets.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from '../logger';
import type { RedisClients } from '../redis/redis-clients';

export type AgentState = 'online' | 'away';

export type PresenceDirectory = {
  /** True while the visitor has a chat tab open on any node. */
  visitorOnline(visitorKey: string): Promise<boolean>;
  /** Each agent with a console open on any node, and the state they chose. */
  agentStates(): Promise<Map<number, AgentState>>;
  /** The agent's choice, for all their tabs on every node; it lasts until their last tab closes. */
  setAgentAway(agentId: number, away: boolean): Promise<void>;
  close(): Promise<void>;
};

/** The local rooms whose presence is shared, and the hooks that tell the directory when one appears or goes. */
export type LocalRooms = {
  hasVisitor(visitorKey: string): boolean;
  visitorKeys(): Iterable<string>;
  agentIds(): Iterable<number>;
  onVisitor(listener: (visitorKey: string, present: boolean) => void): void;
  onAgent(listener: (agentId: number, present: boolean) => void): void;
};

/** How often a node re-states its rooms in Redis, and how long after its last heartbeat it counts as gone. */
export const PRESENCE_HEARTBEAT_MS = 5000;
export const PRESENCE_NODE_TTL_MS = 15_000;

/** One node, no Redis: the local rooms are everyone. */
export function createLocalPresence(local: LocalRooms): PresenceDirectory {
  const away = new Set<number>();
  local.onAgent((agentId, present) => {
    if (!present) away.delete(agentId);
  });
  return {
    visitorOnline: (visitorKey) => Promise.resolve(local.hasVisitor(visitorKey)),
    agentStates: () => Promise.resolve(statesOf(local.agentIds(), away)),
    setAgentAway(agentId, isAway) {
      if (isAway) away.add(agentId);
      else away.delete(agentId);
      return Promise.resolve();
    },
    close: () => Promise.resolve(),
  };
}

function statesOf(agentIds: Iterable<number | string>, away: Set<number>) {
  const states = new Map<number, AgentState>();
  for (const raw of agentIds) {
    const id = Number(raw);
    if (Number.isInteger(id)) states.set(id, away.has(id) ? 'away' : 'online');
  }
  return states;
}

// The live nodes are those whose heartbeat (a score: the time it lapses) is still ahead.
const VISITOR_ONLINE = `
local nodes = redis.call('ZRANGEBYSCORE', KEYS[1], ARGV[1], '+inf')
for _, node in ipairs(nodes) do
  if redis.call('SISMEMBER', ARGV[2] .. node .. ':visitors', ARGV[3]) == 1 then return 1 end
end
return 0`;
const AGENT_STATES = `
local nodes = redis.call('ZRANGEBYSCORE', KEYS[1], ARGV[1], '+inf')
local keys = {}
for i, node in ipairs(nodes) do keys[i] = ARGV[2] .. node .. ':agents' end
local online = {}
if #keys > 0 then online = redis.call('SUNION', unpack(keys)) end
return { online, redis.call('SMEMBERS', KEYS[2]) }`;

/**
 * Several nodes, one Redis. Keys (under the app's prefix): `presence:nodes` (node id → when its heartbeat lapses),
 * `presence:node:<id>:visitors` and `:agents` (that node's rooms, expiring with it), `presence:away` (agent ids).
 * The scripts read keys they compute, so they need one Redis, not a Redis Cluster (docs/deploy.md).
 */
export function createRedisPresence(
  local: LocalRooms,
  redis: Pick<RedisClients, 'commands' | 'prefix'>,
  logger: Pick<Logger, 'error'>,
  options: { heartbeatMs?: number; nodeTtlMs?: number; nodeId?: string } = {},
): PresenceDirectory {
  const heartbeatMs = options.heartbeatMs ?? PRESENCE_HEARTBEAT_MS;
  const nodeTtlMs = options.nodeTtlMs ?? PRESENCE_NODE_TTL_MS;
  const nodeId = options.nodeId ?? randomUUID();
  const client: Redis = redis.commands;
  const nodesKey = `${redis.prefix}presence:nodes`;
  const nodePrefix = `${redis.prefix}presence:node:`;
  const awayKey = `${redis.prefix}presence:away`;
  const visitorsKey = `${nodePrefix}${nodeId}:visitors`;
  const agentsKey = `${nodePrefix}${nodeId}:agents`;
  const fallback = createLocalPresence(local);

  // A lost update is repaired by the next heartbeat; the failure is logged once per outage, not per call.
  let failing = false;
  const failed = (error: unknown) => {
    if (!failing) logger.error('chat presence: redis unavailable, answering from this node', { err: error });
    failing = true;
  };
  const succeeded = () => void (failing = false);
  const write = (work: Promise<unknown>) => void work.then(succeeded, failed);

  local.onVisitor((visitorKey, present) =>
    write(present ? client.sadd(visitorsKey, visitorKey) : client.srem(visitorsKey, visitorKey)),
  );
  local.onAgent((agentId, present) => {
    write(present ? client.sadd(agentsKey, String(agentId)) : client.srem(agentsKey, String(agentId)));
    // The agent's last tab anywhere closed: their next console opens 'online'.
    if (!present)
      void (async () => {
        if (!(await states()).has(agentId)) await client.srem(awayKey, String(agentId));
      })().catch(failed);
  });

  /** Re-states this node's rooms in full, atomically, and pushes its lapse time forward. */
  const heartbeat = async () => {
    const lapses = Date.now() + nodeTtlMs;
    const visitors = [...local.visitorKeys()];
    const agents = [...local.agentIds()].map(String);
    const multi = client.multi().del(visitorsKey, agentsKey);
    if (visitors.length) multi.sadd(visitorsKey, ...visitors);
    if (agents.length) multi.sadd(agentsKey, ...agents);
    await multi
      .pexpire(visitorsKey, nodeTtlMs)
      .pexpire(agentsKey, nodeTtlMs)
      .zadd(nodesKey, lapses, nodeId)
      .zremrangebyscore(nodesKey, '-inf', Date.now())
      .exec();
  };
  const beat = () => void heartbeat().then(succeeded, failed);
  beat();
  const timer = setInterval(beat, heartbeatMs);
  timer.unref();

  const states = async () => {
    const [online, away] = (await client.eval(AGENT_STATES, 2, nodesKey, awayKey, Date.now(), nodePrefix)) as [
      string[],
      string[],
    ];
    // This node's own tabs count even when a write of them is still on its way.
    return statesOf([...online, ...local.agentIds()], new Set(away.map(Number)));
  };

  return {
    async visitorOnline(visitorKey) {
      if (local.hasVisitor(visitorKey)) return true;
      try {
        const found = await client.eval(VISITOR_ONLINE, 1, nodesKey, Date.now(), nodePrefix, visitorKey);
        succeeded();
        return found === 1;
      } catch (error) {
        failed(error);
        return false;
      }
    },
    async agentStates() {
      try {
        const found = await states();
        succeeded();
        return found;
      } catch (error) {
        failed(error);
        return fallback.agentStates();
      }
    },
    async setAgentAway(agentId, away) {
      await fallback.setAgentAway(agentId, away);
      try {
        await (away ? client.sadd(awayKey, String(agentId)) : client.srem(awayKey, String(agentId)));
        succeeded();
      } catch (error) {
        failed(error);
      }
    },
    async close() {
      clearInterval(timer);
      // A graceful stop leaves at once; the other nodes need not wait for the heartbeat to lapse.
      await client
        .multi()
        .del(visitorsKey, agentsKey)
        .zrem(nodesKey, nodeId)
        .exec()
        .catch(() => {});
    },
  };
}
