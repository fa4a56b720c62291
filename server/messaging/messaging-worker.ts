/**
 * Sends the texts in outbound_messages (issue #27.7), oldest first, through the driver of each channel (the sink when
 * none is set). A row is claimed by a lease, so two nodes never send it twice. A failure the provider calls passing is
 * retried with back-off; one it calls final, or the last attempt, hands the message to its fallback. A WhatsApp message
 * with no delivery receipt by its deadline is sent again by the next channel. Texts due in the quiet hours wait for
 * 08:00, and a number that said STOP since the text was queued gets none.
 */
import { messageConsents } from '../data/message-consents';
import { outboundMessages, type OutboundMessage } from '../data/outbound-messages';
import type { AppDatabase } from '../db/database';
import type { Env } from '../env';
import type { Logger } from '../logger';
import type { MailQueue } from '../mail/mail-queue';
import { backoffDelay } from '../mail/mail-worker';
import type { Messaging } from './messaging-service';
import type { DeskInbox } from './desk-inbox';
import { ProviderError, type MessagingDriver, type PhoneChannel } from './messaging-types';
import { sinkDriver } from './sink-driver';
import { startDueLoop } from '../db/due-loop';
import { maskPhone } from './mask-phone';
import { applyEarlyReceipts } from './provider-events';
import { WHATSAPP_RATING_ASK, isWhatsAppDeskTemplate } from '../../shared/messaging/whatsapp-desk';

export type MessagingWorkerOptions = {
  db: AppDatabase;
  env: Pick<Env, 'MESSAGING_FALLBACK_MINUTES'>;
  logger: Logger;
  messaging: Messaging;
  /** Woken when a fallback queues an e-mail. */
  mail: MailQueue;
  /** The driver of each channel; a channel without one goes to the sink. */
  drivers: Partial<Record<PhoneChannel, MessagingDriver>>;
  pollMs?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  maxAttempts?: number;
  batchSize?: number;
  /**
   * Texts in flight at once. A provider answers in a few hundred milliseconds from Lagos: one at a time, a node would
   * send about 5 a second.
   */
  concurrency?: number;
  /** The clock, for tests of quiet hours and fallback deadlines. */
  now?: () => number;
  /** The chat desk: a desk message's WhatsApp text shows 'Sent' once the provider took it (issue #30). */
  deskInbox?: DeskInbox;
};

export type MessagingWorker = {
  /** Sends everything due now and runs the fallbacks whose deadline passed; resolves with the number sent. */
  runOnce: () => Promise<number>;
  stop: () => Promise<void>;
};

/** Runs `task` on every item, at most `limit` at a time; resolves with how many returned true. */
async function inParallel<T>(items: T[], limit: number, task: (item: T) => Promise<boolean>): Promise<number> {
  let next = 0;
  let done = 0;
  const lane = async () => {
    while (next < items.length) if (await task(items[next++]!)) done++;
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return done;
}

export function startMessagingWorker(options: MessagingWorkerOptions): MessagingWorker {
  const {
    db,
    env,
    logger,
    messaging,
    pollMs = 30_000,
    backoffBaseMs = 30_000,
    backoffMaxMs = 60 * 60_000,
    maxAttempts = 8,
    batchSize = 20,
    concurrency = 8,
    now = Date.now,
  } = options;
  const driverFor = (channel: PhoneChannel) => options.drivers[channel] ?? sinkDriver(channel);

  /**
   * Whether consent lets `row` go now. Answers in a WhatsApp conversation the patient started (issue #30) need no
   * granted consent; 'How did we do?' is not an answer, so a STOP ends it like every other text.
   */
  async function mayGo(row: OutboundMessage) {
    if (row.chat_message_id !== null && row.channel === 'whatsapp') {
      if (row.template !== WHATSAPP_RATING_ASK) return true;
      return (await messageConsents.stateOf(db, row.recipient)).whatsapp?.granted !== false;
    }
    return (await messageConsents.grantedChannels(db, row.recipient)).includes(row.channel);
  }

  /** Ends a row and queues what follows it, in one transaction. */
  async function handOver(
    row: OutboundMessage,
    end: { status: 'failed' | 'cancelled'; attempts?: number; error: string },
  ) {
    const replacedBy = await db.transaction().execute(async (trx) => {
      const next = await messaging.fallBack(trx, row, now());
      await outboundMessages.close(trx, row.id, { ...end, replacedBy: next }, now());
      return next;
    });
    if (replacedBy) {
      messaging.notifyQueued();
      options.mail.notifyQueued();
    }
    logger.info('message handed over', { id: row.id, channel: row.channel, status: end.status, to: replacedBy });
  }

  async function send(row: OutboundMessage): Promise<boolean> {
    if (!(await mayGo(row))) {
      await handOver(row, { status: 'cancelled', error: 'consent withdrawn' });
      return false;
    }
    // A desk answer on WhatsApp goes at once: the patient just wrote (issue #30).
    const notBefore = row.chat_message_id !== null ? now() : messaging.notBefore(row.template, now());
    if (notBefore > now()) {
      await outboundMessages.retryLater(db, row.id, row.attempts, notBefore, row.last_error ?? '');
      return false;
    }
    const driver = driverFor(row.channel);
    const attempts = row.attempts + 1;
    try {
      const { providerId } = await driver.send({
        to: row.recipient,
        text: row.text_body,
        template: row.template,
        // An approved template outside the 24-hour window goes as Meta registered it.
        ...(row.channel === 'whatsapp' && isWhatsAppDeskTemplate(row.template)
          ? { whatsappTemplate: { name: row.template, language: row.language, parameters: [] } }
          : {}),
      });
      const waitsForReceipt = row.channel === 'whatsapp' && driver.receipts && row.fallback !== '';
      await outboundMessages.markSent(
        db,
        row.id,
        {
          provider: driver.name,
          providerId,
          attempts,
          fallbackDueAt: waitsForReceipt ? now() + env.MESSAGING_FALLBACK_MINUTES * 60_000 : null,
        },
        now(),
      );
      // A receipt that came before this update found no row with the provider's id: it waited for it.
      if (row.chat_message_id !== null)
        options.deskInbox
          ?.handler()
          ?.receipt({ ...row, status: 'sent', provider: driver.name, provider_id: providerId });
      await applyEarlyReceipts(
        { db, messaging, mail: options.mail, deskInbox: options.deskInbox },
        driver.name,
        providerId,
      );
      logger.info('message sent', {
        id: row.id,
        channel: row.channel,
        via: driver.name,
        to: maskPhone(row.recipient),
        attempts,
      });
      return true;
    } catch (error) {
      const reason = (error instanceof Error ? error.message : 'send failed').slice(0, 200);
      const retryable = !(error instanceof ProviderError) || error.retryable;
      if (!retryable || attempts >= maxAttempts) {
        await handOver(row, { status: 'failed', attempts, error: reason });
        return false;
      }
      const delay = Math.round(backoffDelay(attempts, backoffBaseMs, backoffMaxMs));
      await outboundMessages.retryLater(db, row.id, attempts, now() + delay, reason);
      logger.info('message send failed, will retry', {
        id: row.id,
        via: driver.name,
        attempts,
        retryInMs: delay,
        error: reason,
      });
      return false;
    }
  }

  /** WhatsApp messages no receipt confirmed in time: the next channel takes over; the row keeps its status. */
  async function fallBackUnconfirmed(stopped: () => boolean) {
    for (;;) {
      const due = await outboundMessages.claimFallbackDue(db, now(), batchSize);
      for (const row of due) {
        const replacedBy = await db.transaction().execute(async (trx) => {
          const next = await messaging.fallBack(trx, row, now());
          if (next) await outboundMessages.setReplacedBy(trx, row.id, next);
          return next;
        });
        if (replacedBy) {
          messaging.notifyQueued();
          options.mail.notifyQueued();
        }
        logger.info('message unconfirmed, handed over', { id: row.id, to: replacedBy });
      }
      if (due.length < batchSize || stopped()) return;
    }
  }

  async function sendDue(stopped: () => boolean): Promise<number> {
    let sent = 0;
    await fallBackUnconfirmed(stopped);
    for (;;) {
      const due = await outboundMessages.claimDue(db, now(), batchSize);
      if (!due.length || stopped()) return sent;
      sent += await inParallel(due, concurrency, async (row) => !stopped() && (await send(row)));
      if (due.length < batchSize || stopped()) return sent;
    }
  }

  return startDueLoop({
    work: sendDue,
    nextDueAt: () => outboundMessages.nextDueAt(db),
    onQueued: (listener) => messaging.onQueued(listener),
    pollMs,
    onError: (error) => logger.error('messaging worker error', { err: error }),
    now,
  });
}
