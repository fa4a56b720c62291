/**
 * The bot (issue #26.3: one module owns it): what it says and when, stored and then sent through the outlet it is given
 * (the chat's rooms and the agents' summaries), so it never calls back into the chat service.
 *
 * Its canned replies are kept in chat_pending_replies until they are sent (issue #11.5): a reply owed when the server
 * stops, gracefully or not, is sent after the next start, when due. The row is stored with the visitor's message (one
 * batcher job) and deleted in the transaction that stores the reply, so a reply is sent once even if two timers race.
 *
 * With several nodes (issue #16) each node times the replies it owes; `adopt` lets the others pick up, after a grace
 * period, a reply whose node died before sending it. The database claim keeps it exactly-once.
 */
import type { RelayTarget } from './whatsapp-relay';
import type { Transaction } from 'kysely';
import type { ChatMessage } from '../../shared/chat-events';
import { chatTexts } from '../../shared/chat-texts';
import type { AppDatabase } from '../db/database';
import type { Database } from '../db/schema';
import type { WriteBatcher } from '../db/write-batcher';
import { chat, type ConversationRow, type MessageRow } from '../data/chat';
import { chatDesk } from '../data/chat-desk';
import type { Logger } from '../logger';
import { CHAT_CONSENT_WORDING_VERSION } from '../../shared/messaging/consent';
import { grantConsent } from '../messaging/consents';
import { toChatMessage } from './chat-message';
import { parseFollowUpContact } from './follow-up-contact';
import type { SupportClock } from './support-clock';

/** Where the bot's words go once stored: the visitor's room, the agents, their summaries. */
export type BotOutlet = {
  typing: (visitorKey: string, replyId: number, typing: boolean) => void;
  messageCreated: (visitorKey: string, conversationId: number, message: ChatMessage) => void;
  /** The conversation's summary changed (a new last message); never throws. */
  summaryChanged: (conversationId: number) => Promise<void>;
};

export type Bot = ReturnType<typeof createBot>;

type BotDeps = {
  db: AppDatabase;
  logger: Logger;
  /** The chat's group-committing writer. */
  writes: WriteBatcher;
  supportClock: SupportClock;
  outlet: BotOutlet;
  /** Queues a bot message to a WhatsApp conversation in the transaction that stores it (issue #30). */
  relay?: (trx: Transaction<Database>, conversation: RelayTarget, row: MessageRow) => Promise<boolean>;
  /** Called after a commit that queued a WhatsApp message: wakes the messaging worker. */
  relayed?: () => void;
};

/** The bot, composed of its voice, the replies it owes on a timer and its answers to what the visitor says. */
export function createBot(deps: BotDeps) {
  const { logger } = deps;
  const voice = createVoice(deps);
  const owed = createOwedReplies(deps, voice.send);
  const answers = createAnswers(deps, voice.say);
  return {
    resume: owed.resume,
    adopt: owed.adopt,
    oweNow: owed.oweNow,
    /** Schedules a reply stored with a visitor's message. */
    schedule: owed.schedule,
    answerEmergency: answers.answerEmergency,
    /** As takeContactAnswer below; a failure is logged, never thrown (the visitor's message is stored). */
    takeContactAnswer: (conversation: ConversationRow, message: string, urgent: boolean) =>
      answers
        .takeContactAnswer(conversation, message, urgent)
        .catch((error: unknown) =>
          logger.error('chat contact answer failed', { conversationId: conversation.id, err: error }),
        ),
    /** Stops the timers; the rows stay for the next start. */
    close: owed.close,
  };
}

/**
 * One acknowledgement per waiting period, worded for the hour it goes out (office hours are judged when it is due).
 * Out of hours, to a visitor it cannot reach, it asks for an e-mail or WhatsApp number: marked in the same
 * transaction.
 */
async function composeReply(trx: Transaction<Database>, conversation: ConversationRow, supportClock: SupportClock) {
  const now = new Date();
  if (supportClock.isOpen(now)) return conversation.urgent_at ? chatTexts.botReplyAfterEmergency : chatTexts.botReply;
  const onWhatsApp = conversation.channel === 'whatsapp';
  const knownContact = onWhatsApp || conversation.user_id !== null || conversation.follow_up_value !== null;
  // A signed-in patient's replies go to their account's address; a WhatsApp number left with the bot gets texts.
  const byWhatsApp = onWhatsApp || (conversation.user_id === null && conversation.follow_up_kind === 'whatsapp');
  if (knownContact)
    return chatTexts.botOfflineKnownContact(supportClock.backAt(now), byWhatsApp ? 'WhatsApp' : 'e-mail');
  await chatDesk.setAwaitingContact(trx, conversation.id, 1);
  return chatTexts.botOffline(supportClock.backAt(now));
}

/** A bot message as stored, without the pending reply column and the conversation, and with no agent. */
function storedBotMessage(row: Awaited<ReturnType<typeof chat.insertMessageRow>>): MessageRow {
  const { pending_reply: _none, conversation: _conversation, ...message } = row;
  return { ...message, agent_name: null };
}

/** How the bot speaks: each message is stored first, then sent through the outlet. */
function createVoice({ writes, outlet, relay, relayed }: BotDeps) {
  /** A committed bot message to the visitor and the agents. */
  const send = async (conversation: ConversationRow, row: MessageRow) => {
    outlet.messageCreated(conversation.visitor_key, conversation.id, toChatMessage(row));
    await outlet.summaryChanged(conversation.id);
  };

  /** Says `message` now: stored, then sent. */
  const say = async (conversation: ConversationRow, message: string) => {
    let queued = false;
    const row = await writes.run(async (trx) => {
      const inserted = await chat.insertMessageRow(trx, {
        conversationId: conversation.id,
        sender: 'bot',
        message,
        clientId: null,
        agentId: null,
      });
      if (relay) queued = await relay(trx, conversation.id, storedBotMessage(inserted));
      return inserted;
    }, conversation.id);
    if (queued) relayed?.();
    await send(conversation, storedBotMessage(row));
  };
  return { send, say };
}

/**
 * Takes the owed reply and stores it in one transaction: null when another timer took it first or the conversation is
 * gone; without a row when an agent has joined since.
 */
async function settleOwedReply(
  trx: Transaction<Database>,
  pendingId: number,
  conversationId: number,
  supportClock: SupportClock,
  relay: BotDeps['relay'],
) {
  const conversation = await chat.takeOwedReply(trx, pendingId, conversationId);
  if (!conversation) return null;
  if (conversation.assigned_agent_id !== null) {
    // The agent took over: if they leave without answering, the gap is the bot's again.
    await trx.updateTable('chat_conversations').set({ bot_acked_at: null }).where('id', '=', conversationId).execute();
    return { conversation, row: null };
  }
  const row = await chat.insertMessageRow(trx, {
    conversationId,
    sender: 'bot',
    message: await composeReply(trx, conversation, supportClock),
    clientId: null,
    agentId: null,
  });
  const queued = relay ? await relay(trx, conversation, storedBotMessage(row)) : false;
  return { conversation, row: storedBotMessage(row), queued };
}

/** The canned replies owed on a timer: stored rows, each timed by the node that owes it (or adopts it). */
function createOwedReplies(deps: BotDeps, send: (conversation: ConversationRow, row: MessageRow) => Promise<void>) {
  const { db, logger, writes, supportClock, outlet, relay, relayed } = deps;
  const timers = new Map<number, NodeJS.Timeout>();
  let closed = false;

  /** Sends the owed reply unless an agent has joined since; either way the pending row goes. */
  const fire = async (pendingId: number, conversationId: number) => {
    timers.delete(pendingId);
    try {
      const settled = await writes.run(
        (trx) => settleOwedReply(trx, pendingId, conversationId, supportClock, relay),
        conversationId,
      );
      if (settled && 'queued' in settled && settled.queued) relayed?.();
      if (!settled || closed) return;
      // The dots go before the reply shows, so the two are never on screen together.
      outlet.typing(settled.conversation.visitor_key, pendingId, false);
      if (settled.row) await send(settled.conversation, settled.row);
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
    const pending = await writes.run((trx) => chat.owePendingReply(trx, conversationId), conversationId);
    if (!pending) return false;
    // Said before the timer starts: the reply is due at once.
    try {
      const conversation = await chat.findConversationById(db, conversationId);
      if (conversation) outlet.typing(conversation.visitor_key, pending.id, true);
    } catch (error) {
      logger.error('chat bot typing not sent', { conversationId, err: error });
    }
    schedule(pending.id, conversationId, pending.due_at);
    return true;
  };

  const close = () => {
    closed = true;
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
  };
  return { schedule, resume, adopt, oweNow, close };
}

/** What the bot answers to a visitor's message: the emergency numbers, and the contact it asked for. */
function createAnswers(
  { db, logger }: BotDeps,
  say: (conversation: ConversationRow, message: string) => Promise<void>,
) {
  /** Safety first: the emergency numbers go out at once, even when an agent is in the room. */
  const answerEmergency = async (conversation: ConversationRow) => {
    try {
      await say(conversation, chatTexts.emergencyReply);
    } catch (error) {
      logger.error('chat emergency reply failed', { conversationId: conversation.id, err: error });
    }
  };

  /**
   * Out of hours the bot asked for an e-mail or WhatsApp number: this message is the answer (or not). An emergency
   * is not a wrong answer: a contact in it is kept, and without one the question stays open.
   */
  const takeContactAnswer = async (conversation: ConversationRow, message: string, urgent: boolean) => {
    const contact = parseFollowUpContact(message);
    if (contact) {
      await db.transaction().execute(async (trx) => {
        await chatDesk.saveFollowUpContact(trx, conversation.id, contact);
        if (contact.kind === 'whatsapp')
          await grantConsent(trx, contact.value, 'whatsapp', {
            source: 'chat',
            userId: conversation.user_id,
            wordingVersion: CHAT_CONSENT_WORDING_VERSION,
          });
      });
      await say(conversation, chatTexts.contactSaved(contact.value, contact.kind));
      return;
    }
    if (urgent) return;
    // Said once; after that the bot stops asking rather than answer every message.
    await chatDesk.setAwaitingContact(db, conversation.id, conversation.awaiting_contact === 1 ? 2 : 0);
    if (conversation.awaiting_contact === 1) await say(conversation, chatTexts.contactInvalid);
  };
  return { answerEmergency, takeContactAnswer };
}
