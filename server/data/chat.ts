import { sql, type Kysely, type Selectable } from 'kysely';
import type { AppDatabase } from '../db/database';
import type { ChatView } from '../../shared/chat-events';
import type { ChatConversationsTable, ChatMessagesTable, ChatSenderColumn, Database } from '../db/schema';
import { engineOf, greatest } from '../db/dialect';
import { chatSearch } from './chat-search';

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
  /** Visitor messages this agent has not read (the summary is built for one agent). */
  unread_count: number;
  status: 'open' | 'pending' | 'resolved';
  urgent_at: string | null;
  follow_up_kind: 'email' | 'whatsapp' | null;
  follow_up_value: string | null;
  whatsapp_at: string | null;
  rating: number | null;
  rating_comment: string | null;
  contact_name: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  transcript_email: string | null;
  channel: 'web' | 'whatsapp';
  whatsapp_last_inbound_at: string | null;
  whatsapp_joined_at: string | null;
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

/** The message a conversation's preview shows: the visitor's newest, else the newest of any sender. */
const previewMessageId = sql`coalesce(
  (select max(u.id) from chat_messages u where u.conversation_id = c.id and u.sender = 'user'),
  (select max(a.id) from chat_messages a where a.conversation_id = c.id))`;

/** Summaries as one agent sees them: the unread count is theirs (chat_agent_reads). */
const selectSummaries = (db: AppDatabase, agentId: number) =>
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
      // The preview is the visitor's last words (issue #29.3): the bot's and agents' replies only while the visitor
      // has written nothing.
      sql<string | null>`(select m.message from chat_messages m where m.id = ${previewMessageId})`.as('last_message'),
      sql<ChatSenderColumn | null>`(select m.sender from chat_messages m where m.id = ${previewMessageId})`.as(
        'last_sender',
      ),
      sql<string | null>`(select m.created_at from chat_messages m where m.id = ${previewMessageId})`.as(
        'last_created_at',
      ),
      // The oldest visitor message after the last agent message: how long the visitor has waited for a person. Nobody
      // waits on a resolved conversation (a new visitor message reopens it).
      sql<string | null>`case when c.status = 'resolved' then null else
        (select min(m.created_at) from chat_messages m where m.conversation_id = c.id and m.sender = 'user'
        and m.id > coalesce((select max(a.id) from chat_messages a where a.conversation_id = c.id and a.sender = 'agent'), 0))
        end`.as('waiting_since'),
      sql<number>`(select count(*) from chat_messages m where m.conversation_id = c.id and m.sender = 'user' and m.id >
        coalesce((select r.message_id from chat_agent_reads r where r.conversation_id = c.id and r.agent_id = ${agentId}), 0))`.as(
        'unread_count',
      ),
      'c.status',
      'c.urgent_at',
      'c.follow_up_kind',
      'c.follow_up_value',
      'c.whatsapp_at',
      sql<
        number | null
      >`(select r.rating from chat_ratings r where r.conversation_id = c.id order by r.id desc limit 1)`.as('rating'),
      sql<
        string | null
      >`(select r.comment from chat_ratings r where r.conversation_id = c.id order by r.id desc limit 1)`.as(
        'rating_comment',
      ),
      'c.contact_name',
      'c.contact_email',
      'c.contact_phone',
      sql<string | null>`coalesce(visitor.email, c.contact_email,
        case when c.follow_up_kind = 'email' then c.follow_up_value end)`.as('transcript_email'),
      'c.channel',
      'c.whatsapp_last_inbound_at',
      'c.whatsapp_joined_at',
    ]);

/** Which conversations a view holds, for one agent. */
const viewFilter = (view: ChatView, agentId: number) => {
  switch (view) {
    case 'mine':
      return sql<boolean>`(c.assigned_agent_id = ${agentId} and c.status <> 'resolved')`;
    case 'unassigned':
      return sql<boolean>`(c.assigned_agent_id is null and c.status <> 'resolved')`;
    case 'open':
      return sql<boolean>`(c.status <> 'resolved')`;
    case 'resolved':
      return sql<boolean>`(c.status = 'resolved')`;
  }
};

/** A message to store in the caller's transaction (chat.insertMessageRow). */
type NewMessageInput = {
  conversationId: number;
  sender: ChatSenderColumn;
  message: string;
  clientId: string | null;
  agentId: number | null;
  replyDelayMs?: number;
  /** A red-flag message: the room is urgent until resolved. */
  urgent?: boolean;
};

type PendingReply = { id: number; due_at: string };

/** The stored message, the reply it is owed (if any) and its conversation as the message left it. */
type InsertedMessage = Selectable<ChatMessagesTable> & {
  pending_reply: PendingReply | null;
  conversation: ConversationRow | undefined;
};

/**
 * The writes that store a message: the conversation's last activity moved, the message inserted and, with
 * `replyDelayMs`, the bot reply it is owed, due that long after the message (as the visitor sees it).
 */
function messageWrite(trx: Kysely<Database>, input: NewMessageInput, now: string) {
  return {
    conversation: trx
      .updateTable('chat_conversations')
      .set({
        last_activity_at: now,
        // A visitor's message reopens the conversation; an agent's reply starts a new waiting period for the bot.
        ...(input.sender === 'user' ? { status: 'open', resolved_at: null } : {}),
        ...(input.sender === 'agent' ? { bot_acked_at: null } : {}),
        ...(input.replyDelayMs !== undefined ? { bot_acked_at: now } : {}),
        ...(input.urgent ? { urgent_at: sql<string>`coalesce(urgent_at, ${now})` } : {}),
      })
      .where('id', '=', input.conversationId)
      .returningAll(),
    message: trx
      .insertInto('chat_messages')
      .values({
        conversation_id: input.conversationId,
        sender: input.sender,
        message: input.message,
        client_id: input.clientId,
        agent_id: input.agentId,
        created_at: now,
      })
      .returningAll(),
    dueAt: input.replyDelayMs === undefined ? null : new Date(Date.parse(now) + input.replyDelayMs).toISOString(),
  };
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
    // Inserted first: callers ask once they found none (ADR 0052), so this is one statement, not a read before and
    // after the insert; a conversation created meanwhile (another tab, another node) is read instead.
    const now = new Date().toISOString();
    const created = await db
      .insertInto('chat_conversations')
      .values({
        visitor_key: input.visitorKey,
        user_id: input.userId,
        current_page: input.page,
        last_activity_at: now,
        created_at: now,
      })
      .onConflict((oc) => oc.column('visitor_key').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (created) return created;
    return db
      .selectFrom('chat_conversations')
      .selectAll()
      .where('visitor_key', '=', input.visitorKey)
      .executeTakeFirstOrThrow();
  },

  /**
   * Inside the caller's transaction: moves the conversation's last activity, inserts the message
   * and, with `replyDelayMs`, stores the bot reply it is owed (due that long after the message); returns the message
   * with the owed reply and the conversation as updated. A refused insert (a client id already stored) is rethrown:
   * callers run this in a write-batcher job, which undoes a failing job whole while the other visitors' messages in
   * the shared transaction commit (a savepoint here as well cost two more round trips per message, ADR 0052).
   */
  insertMessageRow: async (trx: Kysely<Database>, input: NewMessageInput): Promise<InsertedMessage> => {
    const now = new Date().toISOString();
    const write = messageWrite(trx, input, now);
    // PostgreSQL: the three writes in one statement, one round trip instead of three (issue #31, ADR 0056); a
    // statement is atomic, and a refused insert fails it whole as before. SQLite has no writes in WITH, and nothing
    // leaves its process, so it runs them one by one.
    if (engineOf(trx) === 'postgres') {
      // One shape whether a reply is owed or not: the owed reply's insert selects its row only when one is.
      const owed = trx
        .insertInto('chat_pending_replies')
        .columns(['conversation_id', 'due_at'])
        .expression(
          trx
            .selectNoFrom([
              sql<number>`cast(${input.conversationId} as integer)`.as('conversation_id'),
              sql<string>`cast(${write.dueAt ?? ''} as text)`.as('due_at'),
            ])
            .where(sql<boolean>`cast(${write.dueAt !== null} as boolean)`),
        )
        .returning(['id', 'due_at']);
      const {
        conversation_json: conversation,
        pending_json: pending,
        ...row
      } = await trx
        .with('conversation', () => write.conversation)
        .with('message', () => write.message)
        .with('pending', () => owed)
        .selectFrom('message')
        .selectAll('message')
        .select([
          sql<ConversationRow | null>`(select to_jsonb(conversation) from conversation)`.as('conversation_json'),
          sql<PendingReply | null>`(select to_jsonb(pending) from pending)`.as('pending_json'),
        ])
        .executeTakeFirstOrThrow();
      return { ...row, pending_reply: pending, conversation: conversation ?? undefined };
    }
    const conversation = await write.conversation.executeTakeFirst();
    const row = await write.message.executeTakeFirstOrThrow();
    const pending =
      write.dueAt === null
        ? null
        : await trx
            .insertInto('chat_pending_replies')
            .values({ conversation_id: input.conversationId, due_at: write.dueAt })
            .returning(['id', 'due_at'])
            .executeTakeFirstOrThrow();
    return { ...row, pending_reply: pending, conversation };
  },

  /**
   * Owes a bot reply now when a visitor is left waiting with no agent (their last message came after the last agent
   * message) and the bot has not acknowledged this waiting period yet. Null when nothing is owed.
   */
  owePendingReply: async (trx: Kysely<Database>, conversationId: number) => {
    const now = new Date().toISOString();
    const marked = await trx
      .updateTable('chat_conversations')
      .set({ bot_acked_at: now })
      .where('id', '=', conversationId)
      .where('assigned_agent_id', 'is', null)
      .where('bot_acked_at', 'is', null)
      .where(
        sql<boolean>`(select max(m.id) from chat_messages m where m.conversation_id = ${conversationId} and m.sender = 'user') >
          coalesce((select max(a.id) from chat_messages a where a.conversation_id = ${conversationId} and a.sender = 'agent'), 0)`,
      )
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) === 0) return null;
    return trx
      .insertInto('chat_pending_replies')
      .values({ conversation_id: conversationId, due_at: now })
      .returning(['id', 'due_at'])
      .executeTakeFirstOrThrow();
  },

  /** The newest bot reply this conversation is owed (its id), or null when none is. */
  owedReplyId: async (db: AppDatabase, conversationId: number) => {
    const row = await db
      .selectFrom('chat_pending_replies')
      .select((eb) => eb.fn.max('id').as('id'))
      .where('conversation_id', '=', conversationId)
      .executeTakeFirst();
    return row?.id == null ? null : Number(row.id);
  },

  /** Every bot reply not yet sent, soonest first (read on start). */
  listPendingReplies: (db: AppDatabase) =>
    db
      .selectFrom('chat_pending_replies')
      .select(['id', 'conversation_id', 'due_at'])
      .orderBy('due_at')
      .orderBy('id')
      .execute(),

  /**
   * Claims a pending reply (inside the transaction that sends it): true for the one caller that deleted it. On
   * PostgreSQL a second node's delete waits for the first one's transaction and then finds no row, so each reply is
   * sent once however the nodes race.
   */
  takePendingReply: async (trx: Kysely<Database>, id: number) =>
    (await trx.deleteFrom('chat_pending_replies').where('id', '=', id).returning('id').executeTakeFirst()) !==
    undefined,

  /**
   * Takes an owed reply and reads its conversation: undefined when another timer took the reply first or the
   * conversation is gone. PostgreSQL: one statement (issue #31, ADR 0056).
   */
  takeOwedReply: async (trx: Kysely<Database>, pendingId: number, conversationId: number) => {
    if (engineOf(trx) === 'postgres')
      return trx
        .with('taken', (db) => db.deleteFrom('chat_pending_replies').where('id', '=', pendingId).returning('id'))
        .selectFrom('chat_conversations')
        .selectAll('chat_conversations')
        .where('id', '=', conversationId)
        .where((eb) => eb.exists(eb.selectFrom('taken').select('taken.id')))
        .executeTakeFirst();
    if (!(await chat.takePendingReply(trx, pendingId))) return undefined;
    return trx.selectFrom('chat_conversations').selectAll().where('id', '=', conversationId).executeTakeFirst();
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

  /** One console view for one agent, optionally searched; urgent rooms first, then the newest activity. */
  listSummaries: (
    db: AppDatabase,
    options: { agentId: number; view: ChatView; search?: string; searchPhoneE164?: string | null; limit: number },
  ) => {
    let query = selectSummaries(db, options.agentId)
      .where(sql<boolean>`exists (select 1 from chat_messages m where m.conversation_id = c.id)`)
      .where(viewFilter(options.view, options.agentId));
    if (options.search) query = query.where(chatSearch.matches(db, options.search, options.searchPhoneE164));
    return query
      .orderBy(sql`c.urgent_at is null`)
      .orderBy('c.last_activity_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(options.limit)
      .execute() as Promise<ConversationSummaryRow[]>;
  },

  /** How many conversations each view holds for this agent. */
  viewCounts: async (db: AppDatabase, agentId: number): Promise<Record<ChatView, number>> => {
    const row = await db
      .selectFrom('chat_conversations as c')
      .where(sql<boolean>`exists (select 1 from chat_messages m where m.conversation_id = c.id)`)
      .select([
        sql<number>`coalesce(sum(case when ${viewFilter('mine', agentId)} then 1 else 0 end), 0)`.as('mine'),
        sql<number>`coalesce(sum(case when ${viewFilter('unassigned', agentId)} then 1 else 0 end), 0)`.as(
          'unassigned',
        ),
        sql<number>`coalesce(sum(case when ${viewFilter('open', agentId)} then 1 else 0 end), 0)`.as('open'),
        sql<number>`coalesce(sum(case when ${viewFilter('resolved', agentId)} then 1 else 0 end), 0)`.as('resolved'),
      ])
      .executeTakeFirstOrThrow();
    return {
      mine: Number(row.mine),
      unassigned: Number(row.unassigned),
      open: Number(row.open),
      resolved: Number(row.resolved),
    };
  },

  findSummary: (db: AppDatabase, id: number, agentId: number) =>
    selectSummaries(db, agentId).where('c.id', '=', id).executeTakeFirst() as Promise<
      ConversationSummaryRow | undefined
    >,

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

  /** Moves this agent's read marker forward (never back); other agents keep their own. */
  markRead: (db: AppDatabase, id: number, agentId: number, messageId: number) =>
    db
      .insertInto('chat_agent_reads')
      .values({ conversation_id: id, agent_id: agentId, message_id: messageId })
      .onConflict((oc) =>
        oc.columns(['conversation_id', 'agent_id']).doUpdateSet({
          message_id: greatest(db, sql.ref('chat_agent_reads.message_id'), sql.ref('excluded.message_id')),
        }),
      )
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
