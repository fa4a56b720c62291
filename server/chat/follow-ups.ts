/**
 * E-mail follow-ups (issue #14): an agent's reply to a visitor who has had no chat open for FOLLOW_UP_AFTER_MS is
 * mailed to them, through the mail queue, when an address is known (the patient's, or one the visitor gave the bot).
 * Owed follow-ups are stored (chat_pending_followups) like bot replies, so a restart sends what is due; the row is
 * deleted in the transaction that queues the mail, so each reply is mailed once. With several nodes, `adopt` picks up
 * the follow-ups a stopped node owed (issue #16).
 */
import type { Transaction } from 'kysely';
import type { AppDatabase } from '../db/database';
import type { Database } from '../db/schema';
import type { WriteBatcher } from '../db/write-batcher';
import { chatDesk } from '../data/chat-desk';
import { chat } from '../data/chat';
import { mailOutbox } from '../data/mail-outbox';
import type { Logger } from '../logger';
import { chatFollowUpMail } from '../mail/chat-mails';
import type { MailQueue } from '../mail/mail-queue';
import type { Messaging } from '../messaging/messaging-service';

export const FOLLOW_UP_AFTER_MS = 2 * 60_000;

export type FollowUps = ReturnType<typeof createFollowUps>;

export function createFollowUps(deps: {
  db: AppDatabase;
  logger: Logger;
  writes: WriteBatcher;
  mail: Pick<MailQueue, 'notifyQueued'>;
  /** Replies to a visitor who left a WhatsApp number go as a text (issue #27.3). */
  messaging: Messaging;
  /** When the visitor's last chat connection closed: null while one is open (on any node). */
  visitorAwaySince: (visitorKey: string) => Promise<number | null>;
  /** The link back to the conversation. */
  chatLink: string;
  afterMs?: number;
}) {
  const { db, logger, writes } = deps;
  const afterMs = deps.afterMs ?? FOLLOW_UP_AFTER_MS;
  const timers = new Map<number, NodeJS.Timeout>();
  let closed = false;

  const schedule = (id: number, conversationId: number, dueAt: string) => {
    if (closed) return;
    clearTimeout(timers.get(id));
    timers.set(
      id,
      setTimeout(() => void fire(id, conversationId), Math.max(0, Date.parse(dueAt) - Date.now())),
    );
  };

  const fire = async (id: number, conversationId: number) => {
    timers.delete(id);
    try {
      const conversation = await chat.findConversationById(db, conversationId);
      if (!conversation) return;
      const awaySince = await deps.visitorAwaySince(conversation.visitor_key);
      const now = Date.now();
      // Still here, or gone only lately: wait until they have been away for the whole period.
      const dueAt = awaySince === null ? now + afterMs : awaySince + afterMs;
      if (dueAt > now) {
        const next = new Date(dueAt).toISOString();
        await chatDesk.postponeFollowUp(db, id, next);
        return schedule(id, conversationId, next);
      }
      const address = await chatDesk.visitorAddress(db, conversationId);
      const queued = await writes.run(
        (trx) =>
          queueFollowUp(trx, { id, conversationId, address }, { chatLink: deps.chatLink, messaging: deps.messaging }),
        conversationId,
      );
      if (queued) {
        deps.mail.notifyQueued();
        deps.messaging.notifyQueued();
      }
    } catch (error) {
      logger.error('chat follow-up failed', { conversationId, err: error });
    }
  };

  return {
    /** After an agent's reply: a follow-up is owed unless the visitor sees it in time. */
    async owe(conversationId: number) {
      const row = await chatDesk.scheduleFollowUp(db, conversationId, new Date(Date.now() + afterMs).toISOString());
      if (row) schedule(row.id, row.conversation_id, row.due_at);
    },
    async resume() {
      try {
        for (const row of await chatDesk.listPendingFollowUps(db)) schedule(row.id, row.conversation_id, row.due_at);
      } catch (error) {
        logger.error('chat follow-ups not loaded', { err: error });
      }
    },
    /** Schedules every follow-up overdue by more than `graceMs` and not already timed here. */
    async adopt(graceMs: number) {
      try {
        const cutoff = Date.now() - graceMs;
        for (const row of await chatDesk.listPendingFollowUps(db))
          if (!timers.has(row.id) && Date.parse(row.due_at) <= cutoff)
            schedule(row.id, row.conversation_id, row.due_at);
      } catch (error) {
        logger.error('chat follow-ups not checked', { err: error });
      }
    },
    close() {
      closed = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}

/**
 * Takes the owed follow-up and queues the replies the visitor has not seen, in one transaction: by e-mail when an
 * address is known, else as a text to the WhatsApp number they left (issue #27.3; the messaging layer checks its
 * consent and falls back). False when another node took it first, or there is no way to reach them or nothing left
 * unseen.
 */
async function queueFollowUp(
  trx: Transaction<Database>,
  owed: { id: number; conversationId: number; address: Awaited<ReturnType<typeof chatDesk.visitorAddress>> },
  { chatLink, messaging }: { chatLink: string; messaging: Messaging },
) {
  const { id, conversationId, address } = owed;
  if (!(await chatDesk.takeFollowUp(trx, id))) return false;
  const replies = await chatDesk.unseenAgentMessages(trx, conversationId);
  if (replies.length === 0) return false;
  if (!address) {
    const phone = await chatDesk.visitorWhatsApp(trx, conversationId);
    if (!phone) return false;
    const queued = await messaging.queue(trx, {
      template: 'chat_reply',
      params: { link: messaging.link('/'), message: replies.map((reply) => reply.message).join(' ') },
      phoneE164: phone,
      fallbackEmail: null,
      name: 'there',
      conversationId,
    });
    if (queued) await chatDesk.markFollowedUp(trx, conversationId, replies.at(-1)!.id);
    return queued !== null;
  }
  await mailOutbox.insert(
    trx,
    chatFollowUpMail({
      to: address.email,
      name: address.name,
      reference: `#${conversationId}`,
      replies: replies.map((reply) => ({
        message: reply.message,
        agentName: reply.agent_name,
        createdAt: reply.created_at,
      })),
      link: chatLink,
    }),
  );
  await chatDesk.markFollowedUp(trx, conversationId, replies.at(-1)!.id);
  return true;
}
