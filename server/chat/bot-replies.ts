/**
 * The bot's canned replies, kept in chat_pending_replies until they are sent (issue #11.5): a
 * reply owed when the server stops, gracefully or not, is sent after the next start, when due.
 * The row is stored with the visitor's message (one savepoint) and deleted in the transaction
 * that stores the reply, so a reply is sent once even if two timers race.
 */
import type { Transaction } from 'kysely';
import { chatTexts } from '../../shared/chat-texts';
import type { AppDatabase } from '../db/database';
import type { Database } from '../db/schema';
import { chat, type ConversationRow, type MessageRow } from '../data/chat';
import type { Logger } from '../logger';

export type BotReplies = ReturnType<typeof createBotReplies>;

export function createBotReplies(deps: {
  db: AppDatabase;
  logger: Logger;
  /** The service's group-committing writer. */
  writes: { run: <T>(job: (trx: Transaction<Database>) => Promise<T>) => Promise<T> };
  /** Called after a reply is committed (to tell the visitor and the agents). */
  onSent: (conversation: ConversationRow, row: MessageRow) => Promise<void>;
}) {
  const { db, logger, writes } = deps;
  const timers = new Map<number, NodeJS.Timeout>();
  let closed = false;

  /** Sends the reply unless an agent has joined since; either way the pending row goes. */
  const fire = async (pendingId: number, conversationId: number) => {
    timers.delete(pendingId);
    try {
      const sent = await writes.run(async (trx) => {
        if (!(await chat.takePendingReply(trx, pendingId))) return null;
        const conversation = await trx
          .selectFrom('chat_conversations')
          .selectAll()
          .where('id', '=', conversationId)
          .executeTakeFirst();
        if (!conversation || conversation.assigned_agent_id !== null) return null;
        const row = await chat.insertMessageRow(trx, {
          conversationId,
          sender: 'bot',
          message: chatTexts.botReply,
          clientId: null,
          agentId: null,
        });
        const { pending_reply: _none, ...message } = row;
        return { conversation, row: { ...message, agent_name: null } };
      });
      if (sent && !closed) await deps.onSent(sent.conversation, sent.row);
    } catch (error) {
      logger.error('chat bot reply failed', { conversationId, err: error });
    }
  };

  const schedule = (pendingId: number, conversationId: number, dueAt: string) => {
    if (closed || timers.has(pendingId)) return;
    const delay = Math.max(0, Date.parse(dueAt) - Date.now());
    timers.set(
      pendingId,
      setTimeout(() => void fire(pendingId, conversationId), delay),
    );
  };

  /** Schedules every reply still owed (on start); those already due go at once. */
  const resume = async () => {
    try {
      for (const pending of await chat.listPendingReplies(db))
        schedule(pending.id, pending.conversation_id, pending.due_at);
    } catch (error) {
      logger.error('chat pending replies not loaded', { err: error });
    }
  };

  return {
    resume,
    /** Schedules a reply stored with a visitor's message. */
    schedule,
    /** Stops the timers; the rows stay for the next start. */
    close() {
      closed = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}
