/**
 * Sends the 24 h and 2 h reminders of booked times (issue #28.5). Each due booking_reminders row is claimed and its
 * message queued in ONE transaction: the claim is a compare-and-set on status 'pending', so of two workers (two nodes,
 * or a worker restarted mid-run) exactly one marks it and queues the text; the other's update matches nothing and its
 * transaction queues nothing. A reminder for a cancelled or moved booking, or for a time already started, is marked
 * 'skipped' instead. The text goes by SMS/WhatsApp with consent, else by e-mail (the messaging layer's fallback).
 */
import { lagosWallClockOf } from '../../shared/booking/free-slots';
import type { AppDatabase } from '../db/database';
import { startDueLoop, type DueLoop } from '../db/due-loop';
import type { Logger } from '../logger';
import type { MailQueue } from '../mail/mail-queue';
import type { Messaging } from '../messaging/messaging-service';
import type { BookingService } from './booking-service';

export type ReminderWorkerOptions = {
  db: AppDatabase;
  logger: Logger;
  booking: Pick<BookingService, 'write' | 'onReminderQueued'>;
  messaging: Messaging;
  /** Woken when a reminder falls back to e-mail. */
  mail: Pick<MailQueue, 'notifyQueued'>;
  pollMs?: number;
  batchSize?: number;
  now?: () => number;
};

export type ReminderOutcome = 'sent' | 'skipped' | 'claimed-elsewhere';

/**
 * Claims one due reminder and queues its message, in one transaction. 'claimed-elsewhere': another worker took it
 * first (or it was cancelled since it was read), and nothing was queued.
 */
export async function sendReminder(
  options: Pick<ReminderWorkerOptions, 'booking' | 'messaging'>,
  reminderId: number,
  now: number,
): Promise<ReminderOutcome> {
  const { booking, messaging } = options;
  return booking.write(async (trx) => {
    const row = await trx
      .selectFrom('booking_reminders')
      .innerJoin('bookings', 'bookings.id', 'booking_reminders.booking_id')
      .innerJoin('requests', 'requests.id', 'bookings.request_id')
      .select([
        'booking_reminders.starts_at as reminder_starts_at',
        'bookings.status',
        'bookings.starts_at',
        'requests.id as request_id',
        'requests.reference',
        'requests.full_name',
        'requests.email',
        'requests.phone_e164',
        'requests.anonymised_at',
      ])
      .where('booking_reminders.id', '=', reminderId)
      .executeTakeFirst();
    if (!row) return 'claimed-elsewhere';
    const startsAt = Number(row.reminder_starts_at);
    const send =
      row.status === 'booked' && Number(row.starts_at) === startsAt && startsAt > now && row.anonymised_at === null;
    const claimed = await trx
      .updateTable('booking_reminders')
      .set({ status: send ? 'sent' : 'skipped', done_at: new Date(now).toISOString() })
      .where('id', '=', reminderId)
      .where('status', '=', 'pending')
      .returning('id')
      .executeTakeFirst();
    if (!claimed) return 'claimed-elsewhere';
    if (!send) return 'skipped';
    await messaging.queue(
      trx,
      {
        template: 'appointment_reminder',
        params: {
          reference: row.reference,
          link: messaging.link(),
          noun: 'appointment',
          when: lagosWallClockOf(startsAt),
        },
        phoneE164: row.phone_e164,
        fallbackEmail: row.email,
        name: row.full_name,
        requestId: row.request_id,
      },
      now,
    );
    return 'sent';
  });
}

/** The reminders due at `now`, oldest first. */
const dueReminders = (db: AppDatabase, now: number, limit: number) =>
  db
    .selectFrom('booking_reminders')
    .select('id')
    .where('status', '=', 'pending')
    .where('due_at', '<=', now)
    .orderBy('due_at')
    .orderBy('id')
    .limit(limit)
    .execute();

export function startReminderWorker(options: ReminderWorkerOptions): DueLoop {
  const { db, logger, pollMs = 30_000, batchSize = 50, now = Date.now } = options;

  async function sendDue(stopped: () => boolean): Promise<number> {
    let sent = 0;
    for (;;) {
      if (stopped()) return sent;
      const due = await dueReminders(db, now(), batchSize);
      if (!due.length) return sent;
      let changed = 0;
      for (const { id } of due) {
        if (stopped()) return sent;
        const outcome = await sendReminder(options, id, now());
        if (outcome !== 'claimed-elsewhere') changed++;
        if (outcome === 'sent') {
          sent++;
          options.messaging.notifyQueued();
          options.mail.notifyQueued();
        }
        logger.info('reminder', { id, outcome });
      }
      // Every row of the batch went to another worker: it works through the rest; look again at its next wake-up.
      if (!changed) return sent;
    }
  }

  return startDueLoop({
    work: sendDue,
    nextDueAt: async () => {
      const next = await db
        .selectFrom('booking_reminders')
        .select((eb) => eb.fn.min('due_at').as('due_at'))
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return next?.due_at === null || next?.due_at === undefined ? null : Number(next.due_at);
    },
    onQueued: (listener) => options.booking.onReminderQueued(listener),
    pollMs,
    onError: (error) => logger.error('reminder worker error', { err: error }),
    now,
  });
}
