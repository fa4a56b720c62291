import type { AppDatabase } from '../../server/db/database';

/**
 * Bot replies still owed. The row is stored with the visitor's message, before its acknowledgement, and deleted in
 * the transaction that sends (or drops) the reply: none owed means none can come, so a test can know the bot has had
 * its say without waiting a fixed time.
 */
export const owedBotReplies = async (db: AppDatabase) =>
  Number(
    (
      await db
        .selectFrom('chat_pending_replies')
        .select((eb) => eb.fn.countAll().as('count'))
        .executeTakeFirstOrThrow()
    ).count,
  );

/** How many bot messages are stored, in every conversation. */
export const storedBotMessages = async (db: AppDatabase) =>
  Number(
    (
      await db
        .selectFrom('chat_messages')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('sender', '=', 'bot')
        .executeTakeFirstOrThrow()
    ).count,
  );
