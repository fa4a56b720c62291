/**
 * What the visitor and agent handlers share: storing messages and the shapes agents see. The bot (bot.ts) is built
 * here and speaks through the rooms. SQL stays in server/data/chat.ts; who receives what stays in rooms.ts.
 */
import type { Transaction } from 'kysely';
import type { ConversationStatus, ConversationSummary } from '../../shared/chat-events';
import { chatDesk } from '../data/chat-desk';
import { createFollowUps } from './follow-ups';
import { CHAT_REPLY_DELAY_MS } from '../../shared/constants';
import type { AppDatabase } from '../db/database';
import { chat, type ConversationRow, type ConversationSummaryRow, type MessageRow } from '../data/chat';
import { isUniqueViolation } from '../data/users';
import type { ChatSenderColumn, Database } from '../db/schema';
import type { Logger } from '../logger';
import { createBot } from './bot';
import { toChatMessage } from './chat-message';
import { containsRedFlag } from './red-flags';
import type { ChatRooms } from './rooms';
import type { SupportClock } from './support-clock';
import type { WriteBatcher } from '../db/write-batcher';
import type { MailQueue } from '../mail/mail-queue';

const PREVIEW_LENGTH = 120;

export type ChatService = ReturnType<typeof createChatService>;

export type { SupportClock };

export function createChatService(deps: {
  db: AppDatabase;
  logger: Logger;
  /** The app's group commit, shared with the stored forms (one batcher per app, issue #26.2). */
  writes: WriteBatcher;
  /** Follow-up mails wake the app's mail worker. */
  mail: MailQueue;
  rooms: ChatRooms;
  replyDelayMs?: number;
  supportClock: SupportClock;
  /** The link in follow-up mails that opens the chat again. */
  chatLink: string;
  followUpAfterMs?: number;
  /**
   * Several nodes (issue #16): how often this node looks for bot replies and follow-ups left owed by another, and how
   * overdue one must be before it is taken as stranded (its own node would have sent it by then).
   */
  adoptStranded?: { intervalMs: number; graceMs: number };
}) {
  const { db, logger, rooms, supportClock } = deps;
  let adoptTimer: NodeJS.Timeout | undefined;
  const replyDelayMs = deps.replyDelayMs ?? CHAT_REPLY_DELAY_MS;
  const { writes } = deps;

  const storeMessage = async (input: StoreInput) => {
    const stored = await storeOnce(db, writes, input);
    const { pendingReply } = stored;
    if (pendingReply) bot.schedule(pendingReply.id, stored.row.conversation_id, pendingReply.due_at);
    return stored;
  };
  // Messages of one conversation are stored one after another, in arrival order.
  const serial = createSerialQueues();

  const { toSummary, summary, announceSummary, announceCounts } = createSummaries(db, logger, rooms);

  // The bot speaks through the rooms and the summaries, built before it: it never calls back into this service.
  const bot = createBot({
    db,
    logger,
    writes,
    supportClock,
    outlet: {
      typing: (visitorKey, replyId, typing) => rooms.botTyping(visitorKey, replyId, typing),
      messageCreated: (visitorKey, conversationId, message) =>
        rooms.messageCreated(visitorKey, conversationId, message),
      summaryChanged: announceSummary,
    },
  });

  const followUps = createFollowUps({
    db,
    logger,
    writes,
    mail: deps.mail,
    visitorAwaySince: (visitorKey) => rooms.visitorAwaySince(visitorKey),
    chatLink: deps.chatLink,
    afterMs: deps.followUpAfterMs,
  });

  return {
    rooms,
    toSummary,
    summary,
    announceSummary,
    announceCounts,
    serial,

    /**
     * Stores a visitor's message (once per client id) and, for a new message, sends the
     * emergency reply at once when it has red-flag words, then the canned reply after the
     * delay unless an agent has joined the room. Resolves after the commit.
     */
    async storeVisitorMessage(input: {
      visitorKey: string;
      userId: number | null;
      page: string | null;
      clientId: string;
      message: string;
    }) {
      return serial(input.visitorKey, async () => {
        const existing = await chat.findConversationByKey(db, input.visitorKey);
        if (existing && input.page && existing.current_page !== input.page)
          await chat.setCurrentPage(db, existing.id, input.page);
        // A first message creates its conversation in the same write (one commit instead of two).
        const conversationBefore = existing ?? newConversationDefaults;
        const urgent = containsRedFlag(input.message);
        const { row, created, pendingReply } = await storeMessage({
          conversationId: existing?.id ?? null,
          newConversation: existing
            ? undefined
            : { visitorKey: input.visitorKey, userId: input.userId, page: input.page },
          sender: 'user',
          message: input.message,
          clientId: input.clientId,
          agentId: null,
          agentName: null,
          urgent,
          // One acknowledgement per waiting period; checked again when due (an agent who joins keeps the bot quiet).
          replyDelayMs:
            conversationBefore.assigned_agent_id === null && conversationBefore.bot_acked_at === null
              ? replyDelayMs
              : undefined,
        });
        const conversation = existing ?? (await chat.findConversationById(db, row.conversation_id))!;
        const message = toChatMessage(row);
        if (created) {
          rooms.messageCreated(conversation.visitor_key, conversation.id, message);
          // 'Bot is typing...' only while a reply is owed: not for a second message in the same waiting period.
          if (pendingReply) rooms.botTyping(conversation.visitor_key, pendingReply.id, true);
          if (urgent) await bot.answerEmergency(conversation);
          if (conversationBefore.awaiting_contact > 0 && conversationBefore.assigned_agent_id === null)
            await bot.takeContactAnswer(conversation, input.message, urgent);
          void announceSummary(conversation.id);
        }
        return { conversation, message, created };
      });
    },

    /** Stores an agent's reply (once per client id). */
    async storeAgentMessage(input: {
      conversation: ConversationRow;
      agentId: number;
      agentName: string;
      clientId: string;
      message: string;
    }) {
      const { row, created } = await storeMessage({
        conversationId: input.conversation.id,
        sender: 'agent',
        message: input.message,
        clientId: input.clientId,
        agentId: input.agentId,
        agentName: input.agentName,
      });
      const message = toChatMessage(row);
      if (created) {
        rooms.messageCreated(input.conversation.visitor_key, input.conversation.id, message);
        void announceSummary(input.conversation.id);
        // Mailed if the visitor does not see it in time (and an address is known).
        void followUps
          .owe(input.conversation.id)
          .catch((error: unknown) =>
            logger.error('chat follow-up not stored', { conversationId: input.conversation.id, err: error }),
          );
      }
      return message;
    },

    /** The agent left (or their console dropped): a visitor left waiting gets the bot's acknowledgement now. */
    coverGap: (conversationId: number) => bot.oweNow(conversationId),

    /** Open, Pending or Resolved; resolving asks the visitor 'How did we do?'. False when the room is gone. */
    async setStatus(conversation: ConversationRow, status: ConversationStatus) {
      if (!(await chatDesk.setStatus(db, conversation.id, status))) return false;
      if (status === 'resolved') rooms.toVisitor(conversation.visitor_key).emit('conversation:resolved');
      await announceSummary(conversation.id);
      return true;
    },

    /** A new rating: the room's summary and the averages change. */
    async ratingsChanged(conversationId: number) {
      await announceSummary(conversationId);
      rooms.toAllAgents().emit('ratings:updated', await chatDesk.ratingSummary(db));
    },

    /**
     * A visitor signed in: their anonymous conversation continues as the patient's, and their open widgets reconnect
     * with the new session at once.
     */
    async mergeVisitor(anonymousKey: string, userId: number) {
      const merged = await serial(`u:${userId}`, () => chatDesk.mergeIntoPatient(db, anonymousKey, userId));
      rooms.toVisitor(anonymousKey).emit('identity:changed');
      if (merged !== null) await announceSummary(merged);
    },

    /** Schedules the bot replies and follow-ups still owed from before the last stop. */
    start: async () => {
      await bot.resume();
      await followUps.resume();
      const adopt = deps.adoptStranded;
      if (!adopt) return;
      adoptTimer = setInterval(() => {
        void bot.adopt(adopt.graceMs);
        void followUps.adopt(adopt.graceMs);
      }, adopt.intervalMs);
      adoptTimer.unref();
    },

    /** Stops the timers (server shutdown or test teardown); owed replies and follow-ups stay stored. */
    close() {
      clearInterval(adoptTimer);
      bot.close();
      followUps.close();
    },
  };
}

type StoreInput = {
  /** Null with `newConversation`: the visitor's first message. */
  conversationId: number | null;
  newConversation?: { visitorKey: string; userId: number | null; page: string | null };
  sender: ChatSenderColumn;
  message: string;
  clientId: string | null;
  agentId: number | null;
  agentName: string | null;
  /** A visitor's message owed a bot reply: stored with it, due this long after the message. */
  replyDelayMs?: number;
  urgent?: boolean;
};

type Writes = { run: <T>(job: (trx: Transaction<Database>) => Promise<T>) => Promise<T> };

/**
 * Stores one message (group-committed with others arriving together). A client id already
 * stored in this conversation returns that row with created = false; one stored in another
 * conversation is refused without revealing it.
 */
async function storeOnce(
  db: AppDatabase,
  writes: Writes,
  input: StoreInput,
): Promise<{ row: MessageRow; created: boolean; pendingReply: { id: number; due_at: string } | null }> {
  try {
    const { pending_reply: pendingReply, ...row } = await writes.run(async (trx) => {
      const conversationId = input.newConversation
        ? (await chat.ensureConversation(trx, input.newConversation)).id
        : input.conversationId!;
      return chat.insertMessageRow(trx, { ...input, conversationId });
    });
    return { row: { ...row, agent_name: input.agentName }, created: true, pendingReply };
  } catch (error) {
    if (!input.clientId || !isUniqueViolation(error)) throw error;
    const existing = await chat.findMessageByClientId(db, input.clientId);
    if (!existing || existing.conversation_id !== input.conversationId) throw new DuplicateClientIdError();
    return { row: existing, created: false, pendingReply: null };
  }
}

/** Conversation summaries for agents (each with their own unread count), and telling them when one changes. */
function createSummaries(db: AppDatabase, logger: Logger, rooms: ChatRooms) {
  const toSummary = (row: ConversationSummaryRow) => toConversationSummary(row, rooms.visitorOnline(row.visitor_key));

  const summary = async (conversationId: number, agentId: number): Promise<ConversationSummary | null> => {
    const row = await chat.findSummary(db, conversationId, agentId);
    return row ? toSummary(row) : null;
  };

  // View counts change with most summaries; a burst of changes is counted once per agent.
  let countsTimer: NodeJS.Timeout | null = null;
  const announceCounts = () => {
    if (countsTimer) return;
    countsTimer = setTimeout(() => {
      countsTimer = null;
      void (async () => {
        for (const agentId of await rooms.connectedAgentIds()) {
          try {
            rooms.toAgent(agentId).emit('counts:updated', await chat.viewCounts(db, agentId));
          } catch (error) {
            logger.error('chat view counts failed', { agentId, err: error });
          }
        }
      })();
    }, COUNTS_COALESCE_MS);
    countsTimer.unref();
  };

  /** Sends the fresh summary of a conversation to each agent online; failures are logged, never thrown. */
  const announceSummary = async (conversationId: number) => {
    try {
      const agentIds = await rooms.connectedAgentIds();
      // Nobody to tell: agents fetch fresh summaries when they connect.
      if (!agentIds.length) return;
      // Asked of every node once per change: the visitor may have a tab open on another node (issue #16).
      let visitorOnline: boolean | undefined;
      for (const agentId of agentIds) {
        const row = await chat.findSummary(db, conversationId, agentId);
        if (!row) continue;
        visitorOnline ??= await rooms.visitorOnlineAnywhere(row.visitor_key);
        rooms.summaryUpdated(agentId, toConversationSummary(row, visitorOnline));
      }
      announceCounts();
    } catch (error) {
      logger.error('chat summary failed', { conversationId, err: error });
    }
  };
  return { toSummary, summary, announceSummary, announceCounts };
}

const COUNTS_COALESCE_MS = 200;

/** What a conversation is before its first message is stored (the bot's decisions read these). */
const newConversationDefaults = { assigned_agent_id: null, bot_acked_at: null, awaiting_contact: 0 } as const;

/** A client id that belongs to another conversation (a forged or colliding id). */
export class DuplicateClientIdError extends Error {
  override name = 'DuplicateClientIdError';
}

/** The agents' view of a conversation. */
export function toConversationSummary(row: ConversationSummaryRow, visitorOnline: boolean): ConversationSummary {
  const last =
    row.last_message !== null && row.last_sender && row.last_created_at
      ? {
          sender: row.last_sender,
          preview:
            row.last_message.length > PREVIEW_LENGTH
              ? `${row.last_message.slice(0, PREVIEW_LENGTH - 1)}…`
              : row.last_message,
          createdAt: row.last_created_at,
        }
      : null;
  return {
    id: row.id,
    visitorName: row.visitor_name,
    visitorEmail: row.visitor_email,
    shortId: `#${row.id}`,
    currentPage: row.current_page,
    lastMessage: last,
    lastActivityAt: row.last_activity_at,
    waitingSince: row.waiting_since,
    unreadCount: Number(row.unread_count),
    assignedAgent:
      row.assigned_agent_id !== null
        ? { id: row.assigned_agent_id, name: row.assigned_agent_name ?? 'Support agent' }
        : null,
    visitorOnline,
    status: row.status,
    urgent: row.urgent_at !== null,
    followUpContact:
      row.follow_up_kind && row.follow_up_value ? { kind: row.follow_up_kind, value: row.follow_up_value } : null,
    movedToWhatsAppAt: row.whatsapp_at,
    rating: row.rating === null ? null : Number(row.rating),
  };
}

/** Per-key promise chains: tasks with one key run one after another, in call order. */
function createSerialQueues() {
  const queues = new Map<string, Promise<unknown>>();
  return <T>(key: string, task: () => Promise<T>): Promise<T> => {
    const previous = queues.get(key) ?? Promise.resolve();
    const next = previous.then(task, task);
    const settled = next.then(
      () => undefined,
      () => undefined,
    );
    queues.set(key, settled);
    void settled.then(() => {
      if (queues.get(key) === settled) queues.delete(key);
    });
    return next;
  };
}
