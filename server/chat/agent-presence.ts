/**
 * Agent presence (issue #14): online or away as the agent chose, offline when no console tab is connected. Colleagues
 * see every active staff member with their state; a change goes to every console at once.
 *
 * The choice is kept on the sockets themselves (the 'away' room, rooms.ts), not in this process: with several nodes
 * (issue #16) an agent's tabs may be on different nodes, and every node must answer the same.
 */
import type { AgentPresence } from '../../shared/chat-events';
import type { AppDatabase } from '../db/database';
import { staffMembers } from '../data/staff-members';
import type { Logger } from '../logger';
import { AWAY_ROOM, type ChatRooms } from './rooms';

export type AgentPresenceBoard = ReturnType<typeof createAgentPresence>;

export function createAgentPresence(deps: { db: AppDatabase; logger: Logger; rooms: ChatRooms }) {
  const { db, logger, rooms } = deps;

  const team = async (): Promise<AgentPresence[]> => {
    const [members, states] = await Promise.all([staffMembers.listActive(db), rooms.agentStates()]);
    return members.map((member) => ({
      id: member.id,
      name: member.fullName,
      status: states.get(member.id) ?? 'offline',
    }));
  };

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
      rooms.setAgentAway(agentId, status === 'away');
      await announce();
    },
    /** A console tab connected: it takes the state the agent chose in their other tabs, if any. */
    async connected(agentId: number, socket: { id: string; join: (room: string) => unknown }) {
      try {
        if ((await rooms.agentStates()).get(agentId) === 'away') await socket.join(AWAY_ROOM);
      } catch (error) {
        logger.error('chat presence failed', { err: error });
      }
      await announce();
    },
    /** A console tab went (the agent is offline once their last one has). */
    changed: announce,
  };
}
