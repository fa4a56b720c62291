/**
 * Delivers the mail queue (mail_outbox). Messages are sent oldest first; a failure is retried
 * with exponential back-off (30 s, 1 min, 2 min … capped at 1 h, with a little jitter) and
 * given up after `maxAttempts`, when the body (and its link) is wiped. Started by
 * server/index.ts and stopped on shutdown; tests start their own with short delays.
 */
import type { AppDatabase } from '../db/database';
import { mailOutbox } from '../data/mail-outbox';
import type { Env } from '../env';
import { maskEmail, type Logger } from '../logger';
import type { MailQueue } from './mail-queue';
import { createMailTransport, type MailTransport } from './mail-transport';
import { startDueLoop } from '../db/due-loop';

export type MailWorkerOptions = {
  db: AppDatabase;
  env: Env;
  logger: Logger;
  /** The app's queue, whose new mail wakes this worker (mail queued by another app in the process does not). */
  queue: MailQueue;
  transport?: MailTransport;
  /** Longest sleep between looks at the queue. */
  pollMs?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  maxAttempts?: number;
  batchSize?: number;
};

export type MailWorker = {
  /** Sends everything due now; resolves with the number sent. */
  runOnce: () => Promise<number>;
  stop: () => Promise<void>;
};

/** SMTP refusals quote the recipient ("550 <ada@example.ng>: unknown"): mask any address in them. */
export const maskEmailsIn = (text: string) => text.replace(/[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g, maskEmail);

export const backoffDelay = (attempts: number, baseMs: number, maxMs: number, random = Math.random) =>
  Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1)) * (1 + random() * 0.2);

export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const {
    db,
    logger,
    pollMs = 30_000,
    backoffBaseMs = 30_000,
    backoffMaxMs = 60 * 60_000,
    maxAttempts = 10,
    batchSize = 20,
  } = options;
  const transport = options.transport ?? createMailTransport(options.env, logger);
  async function sendDue(stopped: () => boolean): Promise<number> {
    let sent = 0;
    for (;;) {
      const due = await mailOutbox.claimDue(db, Date.now(), batchSize);
      if (!due.length || stopped()) return sent;
      for (const row of due) {
        if (stopped()) return sent;
        try {
          await transport.send({
            to: row.to_address,
            subject: row.subject,
            text: row.text_body,
            html: row.html_body,
            kind: row.kind,
            attachments: mailOutbox.attachmentsOf(row),
          });
          await mailOutbox.delete(db, row.id);
          sent++;
          logger.info('mail sent', {
            id: row.id,
            kind: row.kind,
            to: maskEmail(row.to_address),
            via: transport.kind,
            attempts: row.attempts + 1,
          });
        } catch (error) {
          const attempts = row.attempts + 1;
          const reason = maskEmailsIn(error instanceof Error ? error.message.slice(0, 200) : 'send failed');
          if (attempts >= maxAttempts) {
            await mailOutbox.markFailed(db, row.id, attempts, reason);
            logger.error('mail given up', {
              id: row.id,
              kind: row.kind,
              to: maskEmail(row.to_address),
              attempts,
              error: reason,
            });
          } else {
            const delay = Math.round(backoffDelay(attempts, backoffBaseMs, backoffMaxMs));
            await mailOutbox.retryLater(db, row.id, attempts, Date.now() + delay, reason);
            logger.info('mail send failed, will retry', {
              id: row.id,
              kind: row.kind,
              attempts,
              retryInMs: delay,
              error: reason,
            });
          }
        }
      }
      if (due.length < batchSize) return sent;
    }
  }

  const loop = startDueLoop({
    work: sendDue,
    nextDueAt: () => mailOutbox.nextDueAt(options.db),
    onQueued: options.queue.onQueued,
    pollMs,
    onError: (error) => logger.error('mail worker error', { err: error }),
  });

  return {
    runOnce: loop.runOnce,
    stop: async () => {
      await loop.stop();
      transport.close();
    },
  };
}
