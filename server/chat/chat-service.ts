/**
 * What the visitor and agent handlers share: storing messages, the bot's replies and the
 * shapes browsers see. SQL stays in server/data/chat.ts; who receives what stays in rooms.ts.
 */
import type { Transaction } from 'kysely';
import type { ChatMessage, ConversationSummary } from '../../shared/chat-events';
import { chatTexts } from '../../shared/chat-texts';
import { CHAT_REPLY_DELAY_MS } from '../../shared/constants';
import type { AppDatabase } from '../db/database';
import { chat, type ConversationRow, type ConversationSummaryRow, type MessageRow } from '../data/chat';
import { isUniqueViolation } from '../data/users';
import type { ChatSenderColumn, Database } from '../db/schema';
import type { Logger } from '../logger';
import { createBotReplies } from './bot-replies';
import { containsRedFlag } from './red-flags';
import type { ChatRooms } from './rooms';
import { createWriteBatcher } from '../db/write-batcher';

const PREVIEW_LENGTH = 120;

export const toChatMessage = (row: MessageRow): ChatMessage => ({
  id: row.id,
  clientId: row.sender === 'bot' ? null : row.client_id,
  sender: row.sender,
  message: row.message,
  createdAt: row.created_at,
  agentName: row.sender === 'agent' ? (row.agent_name ?? 'Support agent') : null,
});

export type ChatService = ReturnType<typeof createChatService>;

export function createChatService(deps: { db: AppDatabase; logger: Logger; rooms: ChatRooms; replyDelayMs?: number }) {
  const { db, logger, rooms } = deps;
  const replyDelayMs = deps.replyDelayMs ?? CHAT_REPLY_DELAY_MS;
  const writes = createWriteBatcher(db);

  const storeMessage = async (input: StoreInput) => {
    const { pendingReply, ...stored } = await storeOnce(db, writes, input);
    if (pendingReply) botReplies.schedule(pendingReply.id, input.conversationId, pendingReply.due_at);
    return stored;
  };
  // Messages of one conversation are stored one after another, in arrival order.
  const serial = createSerialQueues();

  const { toSummary, summary, announceSummary } = createSummaries(db, logger, rooms);

  const storeBotMessage = async (conversation: ConversationRow, message: string) => {
    const { row } = await storeMessage({
      conversationId: conversation.id,
      sender: 'bot',
      message,
      clientId: null,
      agentId: null,
      agentName: null,
    });
    rooms.messageCreated(conversation.visitor_key, conversation.id, toChatMessage(row));
    await announceSummary(conversation.id);
  };

  const botReplies = createBotReplies({
    db,
    logger,
    writes,
    onSent: async (conversation, row) => {
      rooms.messageCreated(conversation.visitor_key, conversation.id, toChatMessage(row));
      await announceSummary(conversation.id);
    },
  });

  return {
    rooms,
    toSummary,
    summary,
    announceSummary,
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
        const conversation =
          (await chat.findConversationByKey(db, input.visitorKey)) ??
          (await writes.run((trx) =>
            chat.ensureConversation(trx, { visitorKey: input.visitorKey, userId: input.userId, page: input.page }),
          ));
        if (input.page && conversation.current_page !== input.page)
          await chat.setCurrentPage(db, conversation.id, input.page);
        const { row, created } = await storeMessage({
          conversationId: conversation.id,
          sender: 'user',
          message: input.message,
          clientId: input.clientId,
          agentId: null,
          agentName: null,
          // Checked again when it is due: an agent who joins by then keeps the bot quiet.
          replyDelayMs: conversation.assigned_agent_id === null ? replyDelayMs : undefined,
        });
        const message = toChatMessage(row);
        if (created) {
          rooms.messageCreated(conversation.visitor_key, conversation.id, message);
          // Safety first: the emergency numbers go out at once, even when an agent is in the room.
          if (containsRedFlag(input.message)) {
            try {
              await storeBotMessage(conversation, chatTexts.emergencyReply);
            } catch (error) {
              logger.error('chat emergency reply failed', { conversationId: conversation.id, err: error });
            }
          }
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
      }
      return message;
    },

    /** Schedules the bot replies still owed from before the last stop. */
    start: () => botReplies.resume(),

    /** Stops the bot's timers (server shutdown or test teardown); owed replies stay stored. */
    close() {
      botReplies.close();
    },
  };
}

type StoreInput = {
  conversationId: number;
  sender: ChatSenderColumn;
  message: string;
  clientId: string | null;
  agentId: number | null;
  agentName: string | null;
  /** A visitor's message owed a bot reply: stored with it, due this long after the message. */
  replyDelayMs?: number;
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
    const { pending_reply: pendingReply, ...row } = await writes.run((trx) => chat.insertMessageRow(trx, input));
    return { row: { ...row, agent_name: input.agentName }, created: true, pendingReply };
  } catch (error) {
    if (!input.clientId || !isUniqueViolation(error)) throw error;
    const existing = await chat.findMessageByClientId(db, input.clientId);
    if (!existing || existing.conversation_id !== input.conversationId) throw new DuplicateClientIdError();
    return { row: existing, created: false, pendingReply: null };
  }
}

/** Conversation summaries for agents, and telling them when one changes. */
function createSummaries(db: AppDatabase, logger: Logger, rooms: ChatRooms) {
  const toSummary = (row: ConversationSummaryRow) => toConversationSummary(row, rooms.visitorOnline(row.visitor_key));

  const summary = async (conversationId: number): Promise<ConversationSummary | null> => {
    const row = await chat.findSummary(db, conversationId);
    return row ? toSummary(row) : null;
  };

  /** Sends the fresh summary of a conversation to agents; failures are logged, never thrown. */
  const announceSummary = async (conversationId: number) => {
    // Nobody to tell: agents fetch fresh summaries when they connect.
    if (!rooms.agentsConnected()) return;
    try {
      const fresh = await summary(conversationId);
      if (fresh) rooms.summaryUpdated(fresh);
    } catch (error) {
      logger.error('chat summary failed', { conversationId, err: error });
    }
  };
  return { toSummary, summary, announceSummary };
}

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
