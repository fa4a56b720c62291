/**
 * Agent presence (issue #14): online or away as the agent chose, offline when no console tab is connected. Colleagues
 * see every active staff member with their state; a change goes to every console at once.
 */
import type { AgentPresence, AgentPresenceStatus } from '../../shared/chat-events';
import type { AppDatabase } from '../db/database';
import { staffMembers } from '../data/staff-members';
import type { Logger } from '../logger';
import type { ChatRooms } from './rooms';

export type AgentPresenceBoard = ReturnType<typeof createAgentPresence>;

export function createAgentPresence(deps: { db: AppDatabase; logger: Logger; rooms: ChatRooms }) {
  const { db, logger, rooms } = deps;
  const chosen = new Map<number, 'online' | 'away'>();

  const statusOf = (agentId: number): AgentPresenceStatus =>
    rooms.agentOnline(agentId) ? (chosen.get(agentId) ?? 'online') : 'offline';

  const team = async (): Promise<AgentPresence[]> =>
    (await staffMembers.listActive(db)).map((member) => ({
      id: member.id,
      name: member.fullName,
      status: statusOf(member.id),
    }));

  const announce = async () => {
    try {
      rooms.toAllAgents().emit('presence:updated', await team());
    } catch (error) {
      logger.error('chat presence announce failed', { err: error });
    }
  };

  return {
    team,
    announce,
    async set(agentId: number, status: 'online' | 'away') {
      chosen.set(agentId, status);
      await announce();
    },
    /** A console connected or its last tab went. */
    async changed(agentId: number) {
      if (!rooms.agentOnline(agentId)) chosen.delete(agentId);
      await announce();
    },
  };
}
