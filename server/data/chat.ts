import { sql, type Kysely, type Selectable } from 'kysely';
import type { AppDatabase } from '../db/database';
import type { ChatConversationsTable, ChatSenderColumn, Database } from '../db/schema';

export type ConversationRow = Selectable<ChatConversationsTable>;

/** A message with its agent's name (for agent replies). */
export type MessageRow = {
  id: number;
  conversation_id: number;
  message: string;
  sender: ChatSenderColumn;
  client_id: string | null;
  agent_id: number | null;
  agent_name: string | null;
  created_at: string;
};

/** One conversation as the agent console lists it. */
export type ConversationSummaryRow = {
  id: number;
  /** Server-side only: names the visitor's room; never sent to browsers. */
  visitor_key: string;
  user_id: number | null;
  visitor_name: string | null;
  visitor_email: string | null;
  current_page: string | null;
  last_activity_at: string;
  assigned_agent_id: number | null;
  assigned_agent_name: string | null;
  last_message: string | null;
  last_sender: ChatSenderColumn | null;
  last_created_at: string | null;
  waiting_since: string | null;
  unread_count: number;
};

const messageColumns = [
  'chat_messages.id',
  'chat_messages.conversation_id',
  'chat_messages.message',
  'chat_messages.sender',
  'chat_messages.client_id',
  'chat_messages.agent_id',
  'agents.full_name as agent_name',
  'chat_messages.created_at',
] as const;

const selectMessages = (db: AppDatabase) =>
  db
    .selectFrom('chat_messages')
    .leftJoin('users as agents', 'agents.id', 'chat_messages.agent_id')
    .select(messageColumns);

const selectSummaries = (db: AppDatabase) =>
  db
    .selectFrom('chat_conversations as c')
    .leftJoin('users as visitor', 'visitor.id', 'c.user_id')
    .leftJoin('users as agent', 'agent.id', 'c.assigned_agent_id')
    .select([
      'c.id',
      'c.visitor_key',
      'c.user_id',
      'visitor.full_name as visitor_name',
      'visitor.email as visitor_email',
      'c.current_page',
      'c.last_activity_at',
      'c.assigned_agent_id',
      'agent.full_name as assigned_agent_name',
      sql<
        string | null
      >`(select m.message from chat_messages m where m.conversation_id = c.id order by m.id desc limit 1)`.as(
        'last_message',
      ),
      sql<ChatSenderColumn | null>`(select m.sender from chat_messages m where m.conversation_id = c.id order by m.id desc limit 1)`.as(
        'last_sender',
      ),
      sql<
        string | null
      >`(select m.created_at from chat_messages m where m.conversation_id = c.id order by m.id desc limit 1)`.as(
        'last_created_at',
      ),
      // The oldest visitor message after the last agent message: how long the visitor has waited for a person.
      sql<
        string | null
      >`(select min(m.created_at) from chat_messages m where m.conversation_id = c.id and m.sender = 'user'
        and m.id > coalesce((select max(a.id) from chat_messages a where a.conversation_id = c.id and a.sender = 'agent'), 0))`.as(
        'waiting_since',
      ),
      sql<number>`(select count(*) from chat_messages m where m.conversation_id = c.id and m.sender = 'user' and m.id > c.agent_read_message_id)`.as(
        'unread_count',
      ),
    ]);

/**
 * Runs `work` in a savepoint of the caller's transaction: on an error, none of its statements
 * stay. Not nested, so one name serves (SQLite would use the innermost of equal names anyway).
 */
async function inSavepoint<T>(trx: Kysely<Database>, work: () => Promise<T>): Promise<T> {
  const name = sql.id('chat_message');
  await sql`savepoint ${name}`.execute(trx);
  try {
    const result = await work();
    await sql`release ${name}`.execute(trx);
    return result;
  } catch (error) {
    await sql`rollback to ${name}`.execute(trx);
    await sql`release ${name}`.execute(trx);
    throw error;
  }
}

/** Queries on chat_conversations and chat_messages (issue #6). */
export const chat = {
  findConversationByKey: (db: AppDatabase, visitorKey: string) =>
    db.selectFrom('chat_conversations').selectAll().where('visitor_key', '=', visitorKey).executeTakeFirst(),

  findConversationById: (db: AppDatabase, id: number) =>
    db.selectFrom('chat_conversations').selectAll().where('id', '=', id).executeTakeFirst(),

  /** The visitor's conversation, created on their first message (inside the caller's transaction or not). */
  ensureConversation: async (
    db: Kysely<Database>,
    input: { visitorKey: string; userId: number | null; page: string | null },
  ) => {
    const existing = await db
      .selectFrom('chat_conversations')
      .selectAll()
      .where('visitor_key', '=', input.visitorKey)
      .executeTakeFirst();
    if (existing) return existing;
    const now = new Date().toISOString();
    await db
      .insertInto('chat_conversations')
      .values({
        visitor_key: input.visitorKey,
        user_id: input.userId,
        current_page: input.page,
        last_activity_at: now,
        created_at: now,
      })
      .onConflict((oc) => oc.column('visitor_key').doNothing())
      .execute();
    return db
      .selectFrom('chat_conversations')
      .selectAll()
      .where('visitor_key', '=', input.visitorKey)
      .executeTakeFirstOrThrow();
  },

  /**
   * Inside the caller's transaction: moves the conversation's last activity, inserts the message
   * and, with `replyDelayMs`, stores the bot reply it is owed (due that long after the message). All in one
   * savepoint, so a refused insert (SQLite's unique-constraint error for a client id already stored,
   * which is rethrown) leaves nothing behind: the shared transaction holds other visitors' messages and commits anyway.
   */
  insertMessageRow: (
    trx: Kysely<Database>,
    input: {
      conversationId: number;
      sender: ChatSenderColumn;
      message: string;
      clientId: string | null;
      agentId: number | null;
      replyDelayMs?: number;
    },
  ) =>
    inSavepoint(trx, async () => {
      const now = new Date().toISOString();
      await trx
        .updateTable('chat_conversations')
        .set({ last_activity_at: now })
        .where('id', '=', input.conversationId)
        .execute();
      const row = await trx
        .insertInto('chat_messages')
        .values({
          conversation_id: input.conversationId,
          sender: input.sender,
          message: input.message,
          client_id: input.clientId,
          agent_id: input.agentId,
          created_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      // Due counted from the message's own time, as the visitor sees it.
      const pending =
        input.replyDelayMs === undefined
          ? null
          : await trx
              .insertInto('chat_pending_replies')
              .values({
                conversation_id: input.conversationId,
                due_at: new Date(Date.parse(now) + input.replyDelayMs).toISOString(),
              })
              .returning(['id', 'due_at'])
              .executeTakeFirstOrThrow();
      return { ...row, pending_reply: pending ?? null };
    }),

  /** Every bot reply not yet sent, soonest first (read on start). */
  listPendingReplies: (db: AppDatabase) =>
    db
      .selectFrom('chat_pending_replies')
      .select(['id', 'conversation_id', 'due_at'])
      .orderBy('due_at')
      .orderBy('id')
      .execute(),

  /** Claims a pending reply (inside the transaction that sends it): true for the one caller that deleted it. */
  takePendingReply: async (trx: Kysely<Database>, id: number) => {
    const result = await trx.deleteFrom('chat_pending_replies').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },

  /** The stored message with this client id, with its agent's name. */
  findMessageByClientId: (db: AppDatabase, clientId: string) =>
    selectMessages(db).where('chat_messages.client_id', '=', clientId).executeTakeFirst(),

  /** Messages in id order: after `afterId`, or the latest `limit` when no id is given. */
  listMessages: async (db: AppDatabase, conversationId: number, options: { afterId?: number; limit: number }) => {
    if (options.afterId !== undefined) {
      return selectMessages(db)
        .where('chat_messages.conversation_id', '=', conversationId)
        .where('chat_messages.id', '>', options.afterId)
        .orderBy('chat_messages.id')
        .limit(options.limit)
        .execute();
    }
    const latest = await selectMessages(db)
      .where('chat_messages.conversation_id', '=', conversationId)
      .orderBy('chat_messages.id', 'desc')
      .limit(options.limit)
      .execute();
    return latest.reverse();
  },

  listSummaries: (db: AppDatabase, limit: number) =>
    selectSummaries(db)
      .where(sql<boolean>`exists (select 1 from chat_messages m where m.conversation_id = c.id)`)
      .orderBy('c.last_activity_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(limit)
      .execute() as Promise<ConversationSummaryRow[]>,

  findSummary: (db: AppDatabase, id: number) =>
    selectSummaries(db).where('c.id', '=', id).executeTakeFirst() as Promise<ConversationSummaryRow | undefined>,

  /**
   * Sets the room's agent. With `onlyFrom`, the change happens only if the current agent is that
   * one (null: unclaimed), so two agents cannot both claim a room. Returns true when it changed.
   */
  setAssignedAgent: async (db: AppDatabase, id: number, agentId: number | null, onlyFrom?: number | null) => {
    let query = db.updateTable('chat_conversations').set({ assigned_agent_id: agentId }).where('id', '=', id);
    if (onlyFrom !== undefined)
      query =
        onlyFrom === null
          ? query.where('assigned_agent_id', 'is', null)
          : query.where('assigned_agent_id', '=', onlyFrom);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  /** Rooms claimed by an agent (to hand back when they go away). */
  listAssignedTo: (db: AppDatabase, agentId: number) =>
    db
      .selectFrom('chat_conversations')
      .select(['id', 'visitor_key'])
      .where('assigned_agent_id', '=', agentId)
      .execute(),

  setCurrentPage: (db: AppDatabase, id: number, page: string) =>
    db.updateTable('chat_conversations').set({ current_page: page }).where('id', '=', id).execute(),

  /** Moves the agents' read marker forward (never back). */
  markRead: (db: AppDatabase, id: number, messageId: number) =>
    db
      .updateTable('chat_conversations')
      .set({ agent_read_message_id: sql<number>`max(agent_read_message_id, ${messageId})` })
      .where('id', '=', id)
      .execute(),

  latestMessageId: async (db: AppDatabase, conversationId: number) => {
    const row = await db
      .selectFrom('chat_messages')
      .select((eb) => eb.fn.max('id').as('id'))
      .where('conversation_id', '=', conversationId)
      .executeTakeFirst();
    return row?.id ?? 0;
  },
};
