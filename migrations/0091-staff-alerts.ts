import type { Kysely } from 'kysely';

// The staff app's alerts (issue #29).
// - `staff_alert_settings`: which alerts play a sound, per staff member (integer flags), so the choice follows the
//   person across pages, reloads and devices. No row means the defaults (shared/staff-alerts.ts).
// - `chat_hand_backs`: the rooms given back to the bot because their agent had no staff tab open for the grace
//   period; the agent is told on their return, and the rows go once told.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('staff_alert_settings')
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('new_chat', 'integer', (col) => col.notNull())
    .addColumn('visitor_message', 'integer', (col) => col.notNull())
    .addColumn('urgent', 'integer', (col) => col.notNull())
    .addColumn('new_request', 'integer', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('chat_hand_backs')
    .addColumn('agent_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('conversation_id', 'integer', (col) =>
      col.notNull().references('chat_conversations.id').onDelete('cascade'),
    )
    .addColumn('handed_back_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('chat_hand_backs_pk', ['agent_id', 'conversation_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('chat_hand_backs').execute();
  await db.schema.dropTable('staff_alert_settings').execute();
}
