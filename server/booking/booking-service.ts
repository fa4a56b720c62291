/**
 * What booking needs beyond the request workflows (issue #28): its own writer, the closed days, the video room and the
 * links that reach a patient by e-mail. Built once per app in createServices (server/services.ts).
 */
import type { Transaction } from 'kysely';
import { NIGERIA_PUBLIC_HOLIDAYS } from '../../shared/support-hours';
import { bookings } from '../data/bookings';
import type { AppDatabase } from '../db/database';
import { isTransactionConflict } from '../db/database-fault';
import { engineOf } from '../db/dialect';
import type { Database } from '../db/schema';
import type { WriteBatcher, WriteJob } from '../db/write-batcher';
import type { Env } from '../env';
import { publicOrigin } from '../http/public-origin';
import { newManageToken } from './manage-token';

type Db = AppDatabase | Transaction<Database>;
type Listener = () => void;

const MAX_ATTEMPTS = 5;

export type BookingService = ReturnType<typeof createBookingService>;

export function createBookingService({
  env,
  db,
  writes,
}: {
  env: Pick<Env, 'PUBLIC_ORIGIN' | 'PORT' | 'SUPPORT_HOLIDAYS' | 'VIDEO_LINK_TEMPLATE'>;
  db: AppDatabase;
  writes: WriteBatcher;
}) {
  const listeners = new Set<Listener>();
  const holidays = new Set([...NIGERIA_PUBLIC_HOLIDAYS.map((holiday) => holiday.date), ...env.SUPPORT_HOLIDAYS]);
  const origin = publicOrigin(env);

  /**
   * A booking's transaction. SQLite: the app's write batcher (one writer; a failing job undone alone). PostgreSQL:
   * a transaction of its own, so two nodes' batches never hold cells in crossing orders; a deadlock the database broke
   * is run again, as it was undone whole.
   */
  async function write<T>(job: WriteJob<T>): Promise<T> {
    if (engineOf(db) === 'sqlite') return writes.run(job);
    for (let attempt = 1; ; attempt++) {
      try {
        return await db.transaction().execute(job);
      } catch (error) {
        if (attempt >= MAX_ATTEMPTS || !isTransactionConflict(error)) throw error;
      }
    }
  }

  return {
    write,
    /** Each active clinician's hours and slot length for a service. */
    readSchedules: (database: Db, service: string) => bookings.schedulesFor(database, service),
    /** A writer with the batcher's shape, for the request inserts (server/data/submissions.ts). */
    writer: { run: write } satisfies WriteBatcher,

    /** Lagos dates from `from` to `to` (inclusive) with no bookings: public holidays and the clinic's closures. */
    async closedDates(database: Db, from: string, to: string): Promise<Set<string>> {
      const closures = await bookings.closures(database, from, to);
      return new Set([
        ...[...holidays].filter((date) => date >= from && date <= to),
        ...closures.map((row) => row.date),
      ]);
    },

    /** A new random room, and its link. */
    newVideoRoom(): string {
      return newManageToken().token.slice(0, 24);
    },
    videoLink: (room: string) => env.VIDEO_LINK_TEMPLATE.replace(/\{room\}|%7Broom%7D/, room),

    /** The links a confirmation carries; the token works once, for either. */
    manageLinks: (token: string) => ({
      reschedule: `${origin}/appointments/reschedule?token=${token}`,
      cancel: `${origin}/appointments/cancel?token=${token}`,
    }),
    /** An earlier time offered to a waitlisted patient. */
    offerLink: (token: string) => `${origin}/appointments/earlier?token=${token}`,

    onReminderQueued(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Wakes this app's reminder worker (after a commit that added or moved reminders). */
    notifyReminders() {
      for (const listener of listeners) listener();
    },
  };
}
