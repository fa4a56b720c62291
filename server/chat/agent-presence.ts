/**
 * Agent presence (issue #14): online or away as the agent chose, offline when no console tab is connected. Colleagues
 * see every active staff member with their state; a change goes to every console at once.
 *
 * The choice is kept in the presence directory (presence-directory.ts), not in this process alone: with several nodes
 * (issue #16) an agent's tabs may be on different nodes, and every node must answer the same.
 */
import type { AgentPresence } from '../../shared/chat-events';
import type { AppDatabase } from '../db/database';
import { staffMembers } from '../data/staff-members';
import type { Logger } from '../logger';
import type { ChatRooms } from './rooms';

/** How long after a presence change it is announced once more (see `announce`). */
export const PRESENCE_SETTLE_MS = 300;

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

  let closed = false;
  const announceNow = async () => {
    if (closed) return;
    try {
      rooms.toAllAgents().emit('presence:updated', await team());
    } catch (error) {
      logger.error('chat presence announce failed', { err: error });
    }
  };

  // Two nodes announcing at once (an agent's tabs on both close together) may each read the other's change before it
  // lands, and the staler list may arrive last. So each change is announced at once and again once things settle.
  let settleTimer: NodeJS.Timeout | null = null;
  const announce = async () => {
    if (settleTimer) clearTimeout(settleTimer);
    settleTimer = setTimeout(() => {
      settleTimer = null;
      void announceNow();
    }, PRESENCE_SETTLE_MS);
    settleTimer.unref();
    await announceNow();
  };

  return {
    team,
    announce,
    async set(agentId: number, status: 'online' | 'away') {
      await rooms.setAgentAway(agentId, status === 'away');
      await announce();
    },
    /** A console tab connected (it shows the state the agent chose in their other tabs, if any) or went (the agent is
     * offline once their last one has). */
    changed: announce,
    close() {
      closed = true;
      if (settleTimer) clearTimeout(settleTimer);
    },
  };
}
