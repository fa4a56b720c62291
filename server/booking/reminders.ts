/**
 * The 24 h and 2 h reminders of a booked time (issue #28.5), as rows beside the booking: added when it is booked,
 * cancelled and added again when it moves, cancelled when it is cancelled. The reminder worker
 * (reminder-worker.ts) claims a due row and queues its message in one transaction, so each goes once, on any node.
 */
import type { Transaction } from 'kysely';
import type { AppDatabase } from '../db/database';
import type { Database } from '../db/schema';

type Db = AppDatabase | Transaction<Database>;

export const REMINDER_LEADS = { '24h': 24 * 60 * 60_000, '2h': 2 * 60 * 60_000 } as const;
export type ReminderKind = keyof typeof REMINDER_LEADS;

/**
 * Adds the reminders of a booking at `startsAt` whose time is still ahead: a time booked 3 hours ahead gets only its
 * 2 h reminder; one booked within 2 hours, none (its confirmation just went).
 */
export async function scheduleReminders(db: Db, bookingId: number, startsAt: number, now = Date.now()) {
  const rows = (Object.entries(REMINDER_LEADS) as [ReminderKind, number][])
    .map(([kind, lead]) => ({ kind, due_at: startsAt - lead }))
    .filter((row) => row.due_at > now)
    .map((row) => ({
      booking_id: bookingId,
      kind: row.kind,
      starts_at: startsAt,
      due_at: row.due_at,
      created_at: new Date(now).toISOString(),
    }));
  if (rows.length)
    await db
      .insertInto('booking_reminders')
      .values(rows)
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  return rows.length;
}

/** A move or a cancel: the reminders not sent yet will never go. */
export const cancelReminders = (db: Db, bookingId: number, now = Date.now()) =>
  db
    .updateTable('booking_reminders')
    .set({ status: 'cancelled', done_at: new Date(now).toISOString() })
    .where('booking_id', '=', bookingId)
    .where('status', '=', 'pending')
    .execute();
