/**
 * The bot's canned replies, kept in chat_pending_replies until they are sent (issue #11.5): a
 * reply owed when the server stops, gracefully or not, is sent after the next start, when due.
 * The row is stored with the visitor's message (one savepoint) and deleted in the transaction
 * that stores the reply, so a reply is sent once even if two timers race.
 *
 * With several nodes (issue #16) each node times the replies it owes; `adopt` lets the others pick up, after a grace
 * period, a reply whose node died before sending it. The database claim keeps it exactly-once.
 */
import type { Transaction } from 'kysely';
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
  /** A reply is owed from now (stored before this is called). */
  onOwed: (conversationId: number, pendingId: number) => Promise<void>;
  /**
   * Called after an owed reply is settled: sent (`row`, committed) or dropped because an agent took over (null). Tells
   * the visitor and the agents.
   */
  onSettled: (conversation: ConversationRow, pendingId: number, row: MessageRow | null) => Promise<void>;
  /**
   * What the bot says when the reply is due (office hours are judged then), inside the sending transaction, which
   * may also mark the conversation (asking for a follow-up contact).
   */
  compose: (trx: Transaction<Database>, conversation: ConversationRow) => Promise<string>;
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
        if (!conversation) return null;
        if (conversation.assigned_agent_id !== null) {
          // The agent took over: if they leave without answering, the gap is the bot's again.
          await trx
            .updateTable('chat_conversations')
            .set({ bot_acked_at: null })
            .where('id', '=', conversationId)
            .execute();
          return { conversation, row: null };
        }
        const row = await chat.insertMessageRow(trx, {
          conversationId,
          sender: 'bot',
          message: await deps.compose(trx, conversation),
          clientId: null,
          agentId: null,
        });
        const { pending_reply: _none, ...message } = row;
        return { conversation, row: { ...message, agent_name: null } };
      });
      if (sent && !closed) await deps.onSettled(sent.conversation, pendingId, sent.row);
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

  /** Schedules every reply overdue by more than `graceMs`: owed by a node that stopped (or whose send failed). */
  const adopt = async (graceMs: number) => {
    try {
      const cutoff = Date.now() - graceMs;
      for (const pending of await chat.listPendingReplies(db))
        if (Date.parse(pending.due_at) <= cutoff) schedule(pending.id, pending.conversation_id, pending.due_at);
    } catch (error) {
      logger.error('chat pending replies not checked', { err: error });
    }
  };

  /** Owes the reply now (an agent left a visitor waiting): stored first, so a crash still sends it after restart. */
  const oweNow = async (conversationId: number) => {
    const pending = await writes.run((trx) => chat.owePendingReply(trx, conversationId));
    if (!pending) return false;
    // Said before the timer starts: the reply is due at once.
    await deps.onOwed(conversationId, pending.id);
    schedule(pending.id, conversationId, pending.due_at);
    return true;
  };

  return {
    resume,
    adopt,
    oweNow,
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
