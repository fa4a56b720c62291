/** Per staff member sound settings, and the rooms handed back while an agent was gone (issue #29). */
import type { HandedBackRoom, StaffSoundSettings } from '../../shared/staff-alerts';
import type { AppDatabase } from '../db/database';

const flag = (on: boolean) => (on ? 1 : 0);

export const staffAlerts = {
  /** The staff member's choice, or null until they make one. */
  sounds: async (db: AppDatabase, userId: number): Promise<StaffSoundSettings | null> => {
    const row = await db
      .selectFrom('staff_alert_settings')
      .select(['new_chat', 'visitor_message', 'urgent', 'new_request'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) return null;
    return {
      newChat: row.new_chat === 1,
      visitorMessage: row.visitor_message === 1,
      urgent: row.urgent === 1,
      newRequest: row.new_request === 1,
    };
  },

  saveSounds: async (db: AppDatabase, userId: number, sounds: StaffSoundSettings, now: string) => {
    const values = {
      new_chat: flag(sounds.newChat),
      visitor_message: flag(sounds.visitorMessage),
      urgent: flag(sounds.urgent),
      new_request: flag(sounds.newRequest),
      updated_at: now,
    };
    await db
      .insertInto('staff_alert_settings')
      .values({ user_id: userId, ...values })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
      .execute();
  },

  /** Remembers that the agent's room went back to the bot (told on their return; a repeat keeps the first time). */
  recordHandBack: (db: AppDatabase, agentId: number, conversationId: number, now: string) =>
    db
      .insertInto('chat_hand_backs')
      .values({ agent_id: agentId, conversation_id: conversationId, handed_back_at: now })
      .onConflict((oc) => oc.columns(['agent_id', 'conversation_id']).doNothing())
      .execute(),

  /** The rooms handed back while the agent was gone, oldest first; taken once (the rows go in the same transaction). */
  takeHandBacks: (db: AppDatabase, agentId: number): Promise<HandedBackRoom[]> =>
    db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('chat_hand_backs')
        .innerJoin('chat_conversations', 'chat_conversations.id', 'chat_hand_backs.conversation_id')
        .leftJoin('users', 'users.id', 'chat_conversations.user_id')
        .select(['chat_hand_backs.conversation_id', 'chat_hand_backs.handed_back_at', 'users.full_name'])
        .where('chat_hand_backs.agent_id', '=', agentId)
        .orderBy('chat_hand_backs.handed_back_at')
        .orderBy('chat_hand_backs.conversation_id')
        .execute();
      if (rows.length) await trx.deleteFrom('chat_hand_backs').where('agent_id', '=', agentId).execute();
      return rows.map((row) => ({
        conversationId: row.conversation_id,
        visitorLabel: row.full_name ?? `Visitor #${row.conversation_id}`,
        handedBackAt: row.handed_back_at,
      }));
    }),
};
