/**
 * Kysely queries of appointment booking (issue #28; migrations/0090-booking.ts): what staff set, the booked times and
 * their cells. The cells' primary key (clinician, 15-minute cell) is what keeps two people out of one slot.
 */
import type { Selectable, Transaction } from 'kysely';
import type { BusyTime, ClinicianSchedule } from '../../shared/booking/free-slots';
import type { AppDatabase } from '../db/database';
import type { BookingsTable, Database } from '../db/schema';

type Db = AppDatabase | Transaction<Database>;

export type BookingRow = Selectable<BookingsTable>;

export const bookings = {
  /** Every active clinician's hours and slot length for one service. */
  async schedulesFor(db: Db, service: string): Promise<(ClinicianSchedule & { name: string })[]> {
    const rows = await db
      .selectFrom('clinician_services')
      .innerJoin('clinicians', 'clinicians.id', 'clinician_services.clinician_id')
      .leftJoin('clinician_hours', (join) =>
        join
          .onRef('clinician_hours.clinician_id', '=', 'clinician_services.clinician_id')
          .onRef('clinician_hours.service', '=', 'clinician_services.service'),
      )
      .select([
        'clinicians.id as clinicianId',
        'clinicians.name',
        'clinician_services.slot_minutes',
        'clinician_hours.weekday',
        'clinician_hours.start_minute',
        'clinician_hours.end_minute',
      ])
      .where('clinician_services.service', '=', service)
      .where('clinicians.active', '=', 1)
      .orderBy('clinicians.id')
      .execute();
    const byClinician = new Map<number, ClinicianSchedule & { name: string }>();
    for (const row of rows) {
      const schedule = byClinician.get(row.clinicianId) ?? {
        clinicianId: row.clinicianId,
        name: row.name,
        slotMinutes: row.slot_minutes,
        hours: [],
      };
      if (row.weekday !== null && row.start_minute !== null && row.end_minute !== null)
        (schedule.hours as { weekday: number; startMinute: number; endMinute: number }[]).push({
          weekday: row.weekday,
          startMinute: row.start_minute,
          endMinute: row.end_minute,
        });
      byClinician.set(row.clinicianId, schedule);
    }
    return [...byClinician.values()];
  },

  /** The services at least one active clinician has weekly hours for: what can be booked online. */
  async bookableServices(db: Db): Promise<string[]> {
    const rows = await db
      .selectFrom('clinician_hours')
      .innerJoin('clinicians', 'clinicians.id', 'clinician_hours.clinician_id')
      .innerJoin('clinician_services', (join) =>
        join
          .onRef('clinician_services.clinician_id', '=', 'clinician_hours.clinician_id')
          .onRef('clinician_services.service', '=', 'clinician_hours.service'),
      )
      .select('clinician_hours.service')
      .distinct()
      .where('clinicians.active', '=', 1)
      .execute();
    return rows.map((row) => row.service);
  },

  /** Blocks and booked cells of these clinicians that touch [from, to). */
  async busyFor(db: Db, clinicianIds: number[], from: number, to: number): Promise<BusyTime[]> {
    if (!clinicianIds.length) return [];
    const [blocks, cells] = await Promise.all([
      db
        .selectFrom('clinician_blocks')
        .select(['clinician_id', 'starts_at', 'ends_at'])
        .where('clinician_id', 'in', clinicianIds)
        .where('ends_at', '>', from)
        .where('starts_at', '<', to)
        .execute(),
      db
        .selectFrom('booking_cells')
        .select(['clinician_id', 'cell_at'])
        .where('clinician_id', 'in', clinicianIds)
        .where('cell_at', '>=', from)
        .where('cell_at', '<', to)
        // The primary key's order: free to read in, and what cellsToBusy joins adjacent cells by.
        .orderBy('clinician_id')
        .orderBy('cell_at')
        .execute(),
    ]);
    return [
      ...blocks.map((row) => ({
        clinicianId: row.clinician_id,
        startsAt: Number(row.starts_at),
        endsAt: Number(row.ends_at),
      })),
      ...cellsToBusy(cells),
    ];
  },

  /** The clinic's own closed days between two Lagos dates (inclusive). */
  closures: (db: Db, from: string, to: string) =>
    db
      .selectFrom('clinic_closures')
      .select(['date', 'reason'])
      .where('date', '>=', from)
      .where('date', '<=', to)
      .orderBy('date')
      .execute(),

  insert: (trx: Db, row: Omit<BookingRow, 'id' | 'status' | 'attendance' | 'calendar_sequence'>) =>
    trx.insertInto('bookings').values(row).returningAll().executeTakeFirstOrThrow(),

  /**
   * Takes the cells for a booking in one statement, ascending. True when all were free; when not, the caller's
   * transaction must be undone (some cells may have been taken).
   */
  async claimCells(trx: Db, clinicianId: number, bookingId: number, cells: number[]): Promise<boolean> {
    const taken = await trx
      .insertInto('booking_cells')
      .values(cells.map((cell) => ({ clinician_id: clinicianId, cell_at: cell, booking_id: bookingId })))
      .onConflict((conflict) => conflict.doNothing())
      .returning('cell_at')
      .execute();
    return taken.length === cells.length;
  },

  freeCells: (trx: Db, bookingId: number) =>
    trx.deleteFrom('booking_cells').where('booking_id', '=', bookingId).execute(),

  find: (db: Db, id: number) => db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirst(),

  forRequest: (db: Db, requestId: number) =>
    db.selectFrom('bookings').selectAll().where('request_id', '=', requestId).executeTakeFirst(),

  byTokenHash: (db: Db, tokenHash: string) =>
    db.selectFrom('bookings').selectAll().where('manage_token_hash', '=', tokenHash).executeTakeFirst(),

  clinicianName: async (db: Db, id: number) =>
    (await db.selectFrom('clinicians').select('name').where('id', '=', id).executeTakeFirst())?.name ?? null,
};

/** Adjacent cells of one clinician as one busy stretch (fewer overlap checks); the cells come in key order. */
function cellsToBusy(cells: { clinician_id: number; cell_at: number }[]): BusyTime[] {
  // CELL_MS of shared/booking/free-slots.ts: this layer imports only types from shared/ (tests/architecture.test.ts).
  const CELL_MS = 15 * 60_000;
  const busy: BusyTime[] = [];
  let last: BusyTime | undefined;
  for (const cell of cells) {
    // PostgreSQL returns its bigint epoch ms as a string.
    const cellAt = Number(cell.cell_at);
    if (last && last.clinicianId === cell.clinician_id && last.endsAt === cellAt) last.endsAt += CELL_MS;
    else busy.push((last = { clinicianId: cell.clinician_id, startsAt: cellAt, endsAt: cellAt + CELL_MS }));
  }
  return busy;
}
