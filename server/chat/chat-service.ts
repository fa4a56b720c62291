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
import { createWhatsAppRelay, type WhatsAppRelay } from './whatsapp-relay';
import {
  NotWhatsAppError,
  announceDelivery,
  assertWindowOpen,
  conversationForSender,
  isWhatsAppConversation,
  ratingAnswer,
  ratingAskFits,
  ratingAskRelay,
  ratingAskText,
  templateText,
  whatsAppClientId,
  type WhatsAppInbound,
} from './whatsapp-desk';
import { chatWhatsApp } from '../data/chat-whatsapp';
import { chatAttachments } from '../data/chat-attachments';
import type { InboundMedia } from '../messaging/messaging-types';
import { storeWhatsAppMedia } from '../messaging/store-whatsapp-media';
import type { MediaFetcher } from '../messaging/whatsapp-media';
import type { ChatAttachment } from '../../shared/chat-attachments';
import type { OutboundMessage } from '../data/outbound-messages';
import type { WhatsAppDeskTemplateName } from '../../shared/messaging/whatsapp-desk';

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
  /** The privacy page's full address, for the notice the first WhatsApp reply carries (issue #30). */
  privacyUrl?: string;
  /** Fetches a WhatsApp patient's file through the Graph media endpoint (ADR 0050); null without an access token. */
  fetchMedia?: MediaFetcher | null;
};

export type VisitorMessageInput = {
  visitorKey: string;
  userId: number | null;
  page: string | null;
  clientId: string;
  message: string;
  /** A WhatsApp patient's file, stored before its message: shown to agents with it, never to the visitor. */
  attachment?: ChatAttachment;
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
  /** Queues desk messages to WhatsApp conversations in the outbox (issue #30). */
  relay: WhatsAppRelay;
  /** Wakes the messaging worker after a commit that queued a WhatsApp message. */
  relayed: () => void;
  writes: WriteBatcher;
  fetchMedia: MediaFetcher | null;
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

    /**
     * Stores an agent's reply (once per client id). On WhatsApp it is queued to the patient's number with it, and
     * refused (WhatsAppWindowClosedError) after the 24-hour window.
     */
    storeAgentMessage: (input: AgentMessageInput) => storeAgentMessage(parts, input),

    /**
     * A message from WhatsApp (issue #30): stored once per WhatsApp message id, in the number's conversation (or the
     * web conversation its reference names), then treated as any visitor message: red flags, the bot, agents live.
     */
    storeWhatsAppMessage: (input: WhatsAppInbound) => storeWhatsAppMessage(parts, input),

    /** An approved template to a WhatsApp conversation (after the window), stored as the agent's message. */
    sendWhatsAppTemplate: (input: Omit<AgentMessageInput, 'message'> & { template: WhatsAppDeskTemplateName }) =>
      sendWhatsAppTemplate(parts, input),

    /** A receipt moved a desk message's WhatsApp text: the consoles update its tick. */
    deliveryChanged: (row: OutboundMessage) => announceDelivery(rooms, row),

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
  const relay = createWhatsAppRelay({ privacyUrl: deps.privacyUrl ?? '/privacy-policy' });
  const relayed = () => deps.messaging.notifyQueued();
  // Messages of one conversation are stored one after another, in arrival order.
  const serial = createSerialQueues();
  const summaries = createConversationSummaries(db, logger, rooms);

  // The bot speaks through the rooms and the summaries, built before it: it never calls back into this service.
  const bot = createBot({
    db,
    logger,
    writes,
    supportClock,
    relay: (trx, conversation, row) => relay.queue(trx, conversation, row),
    relayed,
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
  const fetchMedia = deps.fetchMedia ?? null;
  return {
    db,
    logger,
    rooms,
    replyDelayMs,
    serial,
    summaries,
    bot,
    followUps,
    storeMessage,
    relay,
    relayed,
    writes,
    fetchMedia,
  };
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
      const forAgents = input.attachment ? { ...message, attachment: input.attachment } : message;
      rooms.messageCreated(conversation.visitor_key, conversation.id, message, forAgents);
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

async function storeAgentMessage(
  parts: ChatServiceParts,
  input: AgentMessageInput,
  template?: WhatsAppDeskTemplateName,
) {
  const { rooms, logger, followUps } = parts;
  const onWhatsApp = isWhatsAppConversation(input.conversation);
  // Free text only inside the window; a retry of a message already stored is answered with it below.
  if (onWhatsApp && !template) {
    const stored = input.clientId ? await chat.findMessageByClientId(parts.db, input.clientId) : undefined;
    if (!stored) assertWindowOpen(input.conversation);
  }
  let queued = false;
  const { row, created } = await parts.storeMessage({
    conversationId: input.conversation.id,
    sender: 'agent',
    message: input.message,
    clientId: input.clientId,
    agentId: input.agentId,
    agentName: input.agentName,
    ...(onWhatsApp
      ? {
          inTransaction: async (trx, inserted) => {
            queued = await parts.relay.queue(trx, input.conversation.id, inserted, template ? { template } : {});
          },
        }
      : {}),
  });
  if (queued) parts.relayed();
  const message = toChatMessage(row);
  if (onWhatsApp && created) message.delivery = 'queued';
  if (created) {
    rooms.messageCreated(input.conversation.visitor_key, input.conversation.id, message);
    void parts.summaries.announceSummary(input.conversation.id);
    // On WhatsApp the answer is on the patient's phone already: no follow-up mail.
    if (onWhatsApp) return message;
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
  // On WhatsApp 'How did we do?' is a message, and only inside the window (issue #30).
  if (status === 'resolved' && ratingAskFits(conversation)) await askRatingOnWhatsApp(parts, conversation);
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

/** 'How did we do?' as a WhatsApp message; a bare 1 to 5 in answer is stored as the rating. */
async function askRatingOnWhatsApp(parts: ChatServiceParts, conversation: ConversationRow) {
  let queued = false;
  const row = await parts.writes.run(async (trx) => {
    const inserted = await chat.insertMessageRow(trx, {
      conversationId: conversation.id,
      sender: 'bot',
      message: ratingAskText,
      clientId: null,
      agentId: null,
    });
    queued = await parts.relay.queue(trx, conversation.id, inserted, ratingAskRelay);
    return inserted;
  }, conversation.id);
  if (queued) parts.relayed();
  const { pending_reply: _none, ...message } = row;
  parts.rooms.messageCreated(
    conversation.visitor_key,
    conversation.id,
    toChatMessage({ ...message, agent_name: null }),
  );
}

async function storeWhatsAppMessage(parts: ChatServiceParts, input: WhatsAppInbound) {
  const { db } = parts;
  // One sender's messages one after another on this node; the database keys keep two nodes apart.
  return parts.serial(`whatsapp:${input.from}`, async () => {
    const { conversation, joined } = await conversationForSender(db, input);
    const rating = ratingAnswer(conversation, input.text);
    if (rating !== null && (await chatDesk.saveRating(db, conversation.id, rating, null))) {
      await ratingsChanged(parts, conversation.id);
      return { conversationId: conversation.id, created: true, joined };
    }
    // A file first: if Meta cannot be reached, nothing is stored and the webhook's error has Meta post it again.
    const attachment =
      input.media && parts.fetchMedia ? await storeMedia(parts, conversation.id, input.media) : undefined;
    const stored = await storeVisitorMessage(parts, {
      visitorKey: conversation.visitor_key,
      userId: conversation.user_id,
      page: null,
      clientId: whatsAppClientId(input.eventId),
      message: input.text,
      ...(attachment ? { attachment } : {}),
    });
    if (attachment) await chatAttachments.linkMessage(db, attachment.id, stored.message.id);
    // The window starts at the patient's latest message, as Meta dated it (the fake provider's clock moves it); a late
    // retry of an older message moves nothing.
    if (stored.created) {
      await chatWhatsApp.setLastInbound(db, conversation.id, input.at);
      void parts.summaries.announceSummary(conversation.id);
    }
    return { conversationId: conversation.id, created: stored.created, joined };
  });
}

async function storeMedia(parts: ChatServiceParts, conversationId: number, media: InboundMedia) {
  const stored = await storeWhatsAppMedia(
    { db: parts.db, fetchMedia: parts.fetchMedia! },
    { conversationId, messageId: null, media },
  );
  if (stored.outcome === 'refused')
    parts.logger.info('whatsapp file refused', { conversationId, refusal: stored.refusal });
  return stored.attachment;
}

async function sendWhatsAppTemplate(
  parts: ChatServiceParts,
  input: Omit<AgentMessageInput, 'message'> & { template: WhatsAppDeskTemplateName },
) {
  if (!isWhatsAppConversation(input.conversation)) throw new NotWhatsAppError();
  return storeAgentMessage(parts, { ...input, message: templateText(input.template) }, input.template);
}
