/**
 * What the visitor and agent handlers share: storing messages and the shapes agents see. The bot (bot.ts) is built
 * here and speaks through the rooms. SQL stays in server/data/chat.ts; who receives what stays in rooms.ts.
 *
 * createChatService composes per-concern pieces (summaries, serial queues, the bot, follow-ups, the message store)
 * once, then hands them to the workflows below, each a function of those pieces and its input.
 */
import type { ConversationStatus } from '../../shared/chat-events';
import { CHAT_REPLY_DELAY_MS } from '../../shared/constants';
import { chatDesk } from '../data/chat-desk';
import { chat, type ConversationRow } from '../data/chat';
import type { AppDatabase } from '../db/database';
import type { WriteBatcher } from '../db/write-batcher';
import type { Logger } from '../logger';
import type { Messaging } from '../messaging/messaging-service';
import type { MailQueue } from '../mail/mail-queue';
import { createBot, type Bot } from './bot';
import { toChatMessage } from './chat-message';
import { createConversationSummaries, type ConversationSummaries } from './conversation-summaries';
import { createFollowUps, type FollowUps } from './follow-ups';
import { storeOnce, type StoreInput, type StoredMessage } from './message-store';
import { containsRedFlag } from './red-flags';
import type { ChatRooms } from './rooms';
import { createSerialQueues, type SerialQueues } from './serial-queues';
import type { SupportClock } from './support-clock';

export type ChatService = ReturnType<typeof createChatService>;

export type { SupportClock };
export { DuplicateClientIdError } from './message-store';
export { toConversationSummary } from './conversation-summaries';

export type ChatServiceDeps = {
  db: AppDatabase;
  logger: Logger;
  /** The app's group commit, shared with the stored forms (one batcher per app, issue #26.2). */
  writes: WriteBatcher;
  /** Follow-up mails wake the app's mail worker. */
  mail: MailQueue;
  /** Follow-ups to a visitor who left a WhatsApp number go as texts (issue #27). */
  messaging: Messaging;
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
};

export type VisitorMessageInput = {
  visitorKey: string;
  userId: number | null;
  page: string | null;
  clientId: string;
  message: string;
};

export type AgentMessageInput = {
  conversation: ConversationRow;
  agentId: number;
  agentName: string;
  clientId: string;
  message: string;
};

/** The pieces the service's workflows share, built once per service. */
type ChatServiceParts = {
  db: AppDatabase;
  logger: Logger;
  rooms: ChatRooms;
  replyDelayMs: number;
  serial: SerialQueues;
  summaries: ConversationSummaries;
  bot: Bot;
  followUps: FollowUps;
  /** Stores one message (once per client id) and times the bot reply owed with it. */
  storeMessage: (input: StoreInput) => Promise<StoredMessage>;
};

export function createChatService(deps: ChatServiceDeps) {
  const parts = createParts(deps);
  const { rooms, serial, summaries, bot } = parts;
  return {
    rooms,
    ...summaries,
    serial,

    /**
     * Stores a visitor's message (once per client id) and, for a new message, sends the
     * emergency reply at once when it has red-flag words, then the canned reply after the
     * delay unless an agent has joined the room. Resolves after the commit.
     */
    storeVisitorMessage: (input: VisitorMessageInput) => storeVisitorMessage(parts, input),

    /** Stores an agent's reply (once per client id). */
    storeAgentMessage: (input: AgentMessageInput) => storeAgentMessage(parts, input),

    /** The agent left (or their console dropped): a visitor left waiting gets the bot's acknowledgement now. */
    coverGap: (conversationId: number) => bot.oweNow(conversationId),

    /** Open, Pending or Resolved; resolving asks the visitor 'How did we do?'. False when the room is gone. */
    setStatus: (conversation: ConversationRow, status: ConversationStatus) => setStatus(parts, conversation, status),

    /** A new rating: the room's summary and the averages change. */
    ratingsChanged: (conversationId: number) => ratingsChanged(parts, conversationId),

    /**
     * A visitor signed in: their anonymous conversation continues as the patient's, and their open widgets reconnect
     * with the new session at once.
     */
    mergeVisitor: (anonymousKey: string, userId: number) => mergeVisitor(parts, anonymousKey, userId),

    ...createLifecycle(parts, deps.adoptStranded),
  };
}

function createParts(deps: ChatServiceDeps): ChatServiceParts {
  const { db, logger, writes, rooms, supportClock } = deps;
  // Messages of one conversation are stored one after another, in arrival order.
  const serial = createSerialQueues();
  const summaries = createConversationSummaries(db, logger, rooms);

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
      summaryChanged: summaries.announceSummary,
    },
  });

  const followUps = createFollowUps({
    db,
    logger,
    writes,
    mail: deps.mail,
    messaging: deps.messaging,
    visitorAwaySince: (visitorKey) => rooms.visitorAwaySince(visitorKey),
    chatLink: deps.chatLink,
    afterMs: deps.followUpAfterMs,
  });

  const storeMessage = async (input: StoreInput) => {
    const stored = await storeOnce(db, writes, input);
    const { pendingReply } = stored;
    if (pendingReply) bot.schedule(pendingReply.id, stored.row.conversation_id, pendingReply.due_at);
    return stored;
  };

  const replyDelayMs = deps.replyDelayMs ?? CHAT_REPLY_DELAY_MS;
  return { db, logger, rooms, replyDelayMs, serial, summaries, bot, followUps, storeMessage };
}

/** What a conversation is before its first message is stored (the bot's decisions read these). */
const newConversationDefaults = { assigned_agent_id: null, bot_acked_at: null, awaiting_contact: 0 } as const;

async function storeVisitorMessage(parts: ChatServiceParts, input: VisitorMessageInput) {
  const { db, rooms, bot, serial, storeMessage } = parts;
  return serial(input.visitorKey, async () => {
    const existing = await chat.findConversationByKey(db, input.visitorKey);
    if (existing && input.page && existing.current_page !== input.page)
      await chat.setCurrentPage(db, existing.id, input.page);
    // A first message creates its conversation in the same write (one commit instead of two).
    const conversationBefore = existing ?? newConversationDefaults;
    const urgent = containsRedFlag(input.message);
    const {
      row,
      created,
      pendingReply,
      conversation: stored,
    } = await storeMessage({
      conversationId: existing?.id ?? null,
      newConversation: existing ? undefined : { visitorKey: input.visitorKey, userId: input.userId, page: input.page },
      sender: 'user',
      message: input.message,
      clientId: input.clientId,
      agentId: null,
      agentName: null,
      urgent,
      // One acknowledgement per waiting period; checked again when due (an agent who joins keeps the bot quiet).
      replyDelayMs:
        conversationBefore.assigned_agent_id === null && conversationBefore.bot_acked_at === null
          ? parts.replyDelayMs
          : undefined,
    });
    // A first message's conversation as its write returned it: no read after the commit (ADR 0052).
    const conversation = existing ?? stored ?? (await chat.findConversationById(db, row.conversation_id))!;
    const message = toChatMessage(row);
    if (created) {
      rooms.messageCreated(conversation.visitor_key, conversation.id, message);
      // 'Bot is typing...' only while a reply is owed: not for a second message in the same waiting period.
      if (pendingReply) rooms.botTyping(conversation.visitor_key, pendingReply.id, true);
      if (urgent) await bot.answerEmergency(conversation);
      if (conversationBefore.awaiting_contact > 0 && conversationBefore.assigned_agent_id === null)
        await bot.takeContactAnswer(conversation, input.message, urgent);
      void parts.summaries.announceSummary(conversation.id);
    }
    return { conversation, message, created };
  });
}

async function storeAgentMessage(parts: ChatServiceParts, input: AgentMessageInput) {
  const { rooms, logger, followUps } = parts;
  const { row, created } = await parts.storeMessage({
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
    void parts.summaries.announceSummary(input.conversation.id);
    // Mailed if the visitor does not see it in time (and an address is known).
    void followUps
      .owe(input.conversation.id)
      .catch((error: unknown) =>
        logger.error('chat follow-up not stored', { conversationId: input.conversation.id, err: error }),
      );
  }
  return message;
}

async function setStatus(parts: ChatServiceParts, conversation: ConversationRow, status: ConversationStatus) {
  if (!(await chatDesk.setStatus(parts.db, conversation.id, status))) return false;
  if (status === 'resolved') parts.rooms.toVisitor(conversation.visitor_key).emit('conversation:resolved');
  await parts.summaries.announceSummary(conversation.id);
  return true;
}

async function ratingsChanged(parts: ChatServiceParts, conversationId: number) {
  await parts.summaries.announceSummary(conversationId);
  parts.rooms.toAllAgents().emit('ratings:updated', await chatDesk.ratingSummary(parts.db));
}

async function mergeVisitor(parts: ChatServiceParts, anonymousKey: string, userId: number) {
  const merged = await parts.serial(`u:${userId}`, () => chatDesk.mergeIntoPatient(parts.db, anonymousKey, userId));
  parts.rooms.toVisitor(anonymousKey).emit('identity:changed');
  if (merged !== null) await parts.summaries.announceSummary(merged);
}

/** Starting and stopping the bot's and the follow-ups' timers, and adopting what other nodes left owed. */
function createLifecycle(parts: ChatServiceParts, adoptStranded: ChatServiceDeps['adoptStranded']) {
  const { bot, followUps } = parts;
  let adoptTimer: NodeJS.Timeout | undefined;
  return {
    /** Schedules the bot replies and follow-ups still owed from before the last stop. */
    start: async () => {
      await bot.resume();
      await followUps.resume();
      const adopt = adoptStranded;
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
