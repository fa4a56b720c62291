/**
 * `npm run bench:slots [-- --engine sqlite|postgres --clinicians 50 --days 90 --booked 0.3 --runs 300 --breakdown]`
 *
 * Issue #28.8: the free times of a service must come in ≤ 30 ms (p95) with a full clinic. Seeds a fresh database (a
 * SQLite file in WAL, as in production, or with `--engine postgres` a schema of its own on TEST_DATABASE_URL) with
 * `clinicians` clinicians offering General Check-up Monday to Saturday 08:00–17:00 in 30-minute slots, a day's leave
 * block for one in ten of them, and `booked` of their slots booked (each booking a request, its row and its cells) over
 * `days` days around today. Then:
 *   1. the free-slot query (loadServiceTimes: schedules, busy cells and blocks, closed days, the pure engine) `runs`
 *      times after a warm-up: p50/p95/p99/max (with `--breakdown`, each of its parts alone as well);
 *   2. the contest: 200 patients booking at once, ten for each of 20 free times of one more clinician (another
 *      service), through the booking workflow (bookSlot: the write batcher on SQLite, a transaction per booking on
 *      PostgreSQL): its time and its result (booked, doubled, lost). All 200 read their free times before any writes,
 *      so the cells' primary key decides.
 * It measures and prints; it asserts nothing about timings.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { bookSlot, type BookingResult } from '../../booking/book-slot';
import { loadServiceTimes } from '../../booking/free-times';
import { openPostgres } from '../../db/app-database';
import { openDatabase, type AppDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { loadEnv } from '../../env';
import { createLogger } from '../../logger';
import { createServices, type AppServices } from '../../services';
import { bookings } from '../../data/bookings';
import {
  BOOKING_WINDOW_DAYS,
  cellsOf,
  freeSlots,
  lagosDateOf,
  lagosDates,
  lagosMidnight,
  weekdayOf,
} from '../../../shared/booking/free-slots';
import { bookSlotSchema } from '../../../shared/schemas/booking';
import { NIGERIA_PUBLIC_HOLIDAYS } from '../../../shared/support-hours';
import { percentile } from './bench-stats';

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'sqlite' },
    clinicians: { type: 'string', default: '50' },
    days: { type: 'string', default: '90' },
    booked: { type: 'string', default: '0.3' },
    runs: { type: 'string', default: '300' },
    breakdown: { type: 'boolean', default: false },
  },
});
const ENGINE = values.engine === 'postgres' ? 'postgres' : 'sqlite';
const CLINICIANS = Number(values.clinicians);
const DAYS = Number(values.days);
const BOOKED_SHARE = Number(values.booked);
const RUNS = Number(values.runs);
const BREAKDOWN = values.breakdown;
const TARGET_P95_MS = 30;
const SERVICE = 'General Check-up';
const CONTEST_SERVICE = 'Specialist Consultation';
const DAY_MS = 24 * 60 * 60_000;
const OPEN_MINUTE = 8 * 60;
const CLOSE_MINUTE = 17 * 60;
const SLOT_MINUTES = 30;

async function openBenchDatabase(): Promise<{ db: AppDatabase; close: () => Promise<void> }> {
  if (ENGINE === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilera-bench-slots-'));
    const { db } = openDatabase(path.join(dir, 'app.db'));
    await migrateToLatest(db);
    return {
      db,
      close: async () => {
        await db.destroy();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const url = loadEnv().TEST_DATABASE_URL;
  const schema = `bench_slots_${process.pid}`;
  const admin = openPostgres(url, { poolSize: 1 }).db;
  await admin.schema.createSchema(schema).ifNotExists().execute();
  // The app's default pool size (DATABASE_POOL_SIZE).
  const db = openPostgres(url, { poolSize: loadEnv().DATABASE_POOL_SIZE, searchPath: schema }).db;
  await migrateToLatest(db);
  return {
    db,
    close: async () => {
      await db.destroy();
      await admin.schema.dropSchema(schema).ifExists().cascade().execute();
      await admin.destroy();
    },
  };
}

/** A deterministic pseudo-random sequence (the same clinic on every run). */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** Inserts rows in chunks (SQLite's and PostgreSQL's limits on bound parameters). */
async function insertChunks<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) {
  for (let index = 0; index < rows.length; index += size) await insert(rows.slice(index, index + size));
}

async function seedClinic(db: AppDatabase, now: number) {
  const stamp = new Date(now).toISOString();
  const clinicians = await db
    .insertInto('clinicians')
    .values(Array.from({ length: CLINICIANS }, (_, index) => ({ name: `Dr Bench ${index + 1}`, created_at: stamp })))
    .returning('id')
    .execute();
  const ids = clinicians.map((row) => row.id);
  await db
    .insertInto('clinician_services')
    .values(ids.map((id) => ({ clinician_id: id, service: SERVICE, slot_minutes: SLOT_MINUTES })))
    .execute();
  await db
    .insertInto('clinician_hours')
    .values(
      ids.flatMap((id) =>
        [1, 2, 3, 4, 5, 6].map((weekday) => ({
          clinician_id: id,
          service: SERVICE,
          weekday,
          start_minute: OPEN_MINUTE,
          end_minute: CLOSE_MINUTE,
        })),
      ),
    )
    .execute();

  // The days around today: half past, half ahead.
  const firstDay = lagosMidnight(lagosDateOf(now)) - Math.floor(DAYS / 2) * DAY_MS;
  const next = random(28);
  const blocks = ids
    .filter((_, index) => index % 10 === 0)
    .map((id, index) => {
      const startsAt = lagosMidnight(lagosDateOf(now)) + (2 + index) * DAY_MS;
      return { clinician_id: id, starts_at: startsAt, ends_at: startsAt + DAY_MS, reason: 'Leave', created_at: stamp };
    });
  await db.insertInto('clinician_blocks').values(blocks).execute();

  const wanted: { clinicianId: number; startsAt: number }[] = [];
  for (let day = 0; day < DAYS; day++) {
    const midnight = firstDay + day * DAY_MS;
    if (weekdayOf(lagosDateOf(midnight)) === 7) continue;
    for (const id of ids)
      for (let minute = OPEN_MINUTE; minute + SLOT_MINUTES <= CLOSE_MINUTE; minute += SLOT_MINUTES)
        if (next() < BOOKED_SHARE) wanted.push({ clinicianId: id, startsAt: midnight + minute * 60_000 });
  }
  // One request per booking, as the workflow stores them (the cells' booking_id → bookings → requests).
  const requests: { id: number }[] = [];
  await insertChunks(wanted, 500, async (chunk) => {
    const offset = requests.length;
    requests.push(
      ...(await db
        .insertInto('requests')
        .values(
          chunk.map((slot, index) => ({
            reference: `APT-B${String(offset + index).padStart(7, '0')}`,
            type: 'appointment' as const,
            // Far above the appointments table's ids, which the contest's real bookings take.
            submission_id: 10_000_000 + offset + index,
            full_name: 'Bench Patient',
            email: `bench${offset + index}@example.ng`,
            phone: null,
            phone_e164: null,
            subject: SERVICE,
            requested_date: lagosDateOf(slot.startsAt),
            status: 'confirmed' as const,
            owner_id: null,
            confirmed_for: null,
            patient_message: null,
            cancel_reason: null,
            created_at: stamp,
            updated_at: stamp,
            closed_at: null,
            anonymised_at: null,
          })),
        )
        .returning('id')
        .execute()),
    );
  });
  const bookings: { id: number }[] = [];
  await insertChunks(wanted, 500, async (chunk) => {
    const offset = bookings.length;
    bookings.push(
      ...(await db
        .insertInto('bookings')
        .values(
          chunk.map((slot, index) => ({
            request_id: requests[offset + index]!.id,
            clinician_id: slot.clinicianId,
            service: SERVICE,
            starts_at: slot.startsAt,
            ends_at: slot.startsAt + SLOT_MINUTES * 60_000,
            calendar_uid: `bench-${offset + index}@ilera.example`,
            video_room: null,
            manage_token_hash: null,
            wants_earlier: 0,
            booked_by: 'patient' as const,
            created_at: stamp,
            updated_at: stamp,
          })),
        )
        .returning('id')
        .execute()),
    );
  });
  const cells = wanted.flatMap((slot, index) =>
    cellsOf(slot.startsAt, slot.startsAt + SLOT_MINUTES * 60_000).map((cell) => ({
      clinician_id: slot.clinicianId,
      cell_at: cell,
      booking_id: bookings[index]!.id,
    })),
  );
  await insertChunks(cells, 1000, (chunk) => db.insertInto('booking_cells').values(chunk).execute());
  // Fresh statistics, as a database that has been in use has (both engines plan with them); on PostgreSQL also the
  // visibility map autovacuum keeps, without which an index-only scan still reads the table's pages.
  await sql.raw(ENGINE === 'postgres' ? 'vacuum analyze' : 'analyze').execute(db);
  return { bookings: wanted.length, cells: cells.length, blocks: blocks.length };
}

/**
 * The contest's clinician: every day 08:00–18:00 in 30-minute slots, on leave but for two open days at least two days
 * ahead; the first day's 20 times are contested, the second's are left for the nearest times offered to who loses.
 */
async function seedContest(db: AppDatabase, now: number) {
  const holidays = new Set(NIGERIA_PUBLIC_HOLIDAYS.map((holiday) => holiday.date));
  const nextDay = (date: string) => lagosDateOf(lagosMidnight(date) + DAY_MS);
  let day = lagosDateOf(lagosMidnight(lagosDateOf(now)) + 2 * DAY_MS);
  while (holidays.has(day) || holidays.has(nextDay(day))) day = nextDay(day);
  const stamp = new Date(now).toISOString();
  const { id } = await db
    .insertInto('clinicians')
    .values({ name: 'Dr Contest', created_at: stamp })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('clinician_services')
    .values({ clinician_id: id, service: CONTEST_SERVICE, slot_minutes: 30 })
    .execute();
  await db
    .insertInto('clinician_hours')
    .values(
      [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
        clinician_id: id,
        service: CONTEST_SERVICE,
        weekday,
        start_minute: 480,
        end_minute: 1080,
      })),
    )
    .execute();
  const open = lagosMidnight(day);
  const leave = (startsAt: number, endsAt: number) => ({
    clinician_id: id,
    starts_at: startsAt,
    ends_at: endsAt,
    reason: 'Leave',
    created_at: stamp,
  });
  await db
    .insertInto('clinician_blocks')
    .values([leave(lagosMidnight(lagosDateOf(now)), open), leave(open + 2 * DAY_MS, open + 30 * DAY_MS)])
    .execute();
  return { clinicianId: id, slots: Array.from({ length: 20 }, (_, index) => open + (480 + index * 30) * 60_000) };
}

/** Each part of the free-slot query alone, `runs` times: what to look at when the whole misses its target. */
async function breakdown(services: AppServices, db: AppDatabase, now: number) {
  const parts: Record<string, number[]> = { schedulesFor: [], busyFor: [], closedDates: [], freeSlots: [] };
  const time = async <T>(part: string, run: () => Promise<T> | T): Promise<T> => {
    const started = performance.now();
    const result = await run();
    parts[part]!.push(performance.now() - started);
    return result;
  };
  const dates = lagosDates(now, BOOKING_WINDOW_DAYS);
  const from = lagosMidnight(dates[0]!);
  const to = lagosMidnight(dates[dates.length - 1]!) + DAY_MS;
  for (let run = 0; run < RUNS; run++) {
    const schedules = await time('schedulesFor', () => services.booking.readSchedules(db, SERVICE));
    const ids = schedules.map((schedule) => schedule.clinicianId);
    const busy = await time('busyFor', () => bookings.busyFor(db, ids, from, to));
    const closedDates = await time('closedDates', () =>
      services.booking.closedDates(db, dates[0]!, dates[dates.length - 1]!),
    );
    await time('freeSlots', () => freeSlots({ schedules, busy, closedDates, now }));
  }
  return Object.entries(parts).map(
    ([part, list]) => `  ${part}: p50=${ms(percentile(list, 50))} p95=${ms(percentile(list, 95))}`,
  );
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

async function main() {
  const { db, close } = await openBenchDatabase();
  try {
    const now = Date.now();
    const seededAt = performance.now();
    const clinic = await seedClinic(db, now);
    const seedMs = performance.now() - seededAt;
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    const services = createServices(env, db, createLogger('silent'));

    for (let run = 0; run < 20; run++) await loadServiceTimes(services, SERVICE, now);
    const latencies: number[] = [];
    let slots = 0;
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      const times = await loadServiceTimes(services, SERVICE, now);
      latencies.push(performance.now() - started);
      slots = times.slots.length;
    }
    const p95 = percentile(latencies, 95);
    const parts = BREAKDOWN ? await breakdown(services, db, now) : [];

    const contest = await seedContest(db, now);
    const startedContest = performance.now();
    const results: BookingResult[] = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        bookSlot(
          services,
          { kind: 'patient', ip: '192.0.2.1' },
          bookSlotSchema.parse({
            service: CONTEST_SERVICE,
            slot: String(contest.slots[Math.floor(index / 10)]),
            fullName: 'Bench Contest Patient',
            email: `contest${index}@example.ng`,
            phone: '',
            website: '',
            fillMs: 5000,
          }),
          now,
        ),
      ),
    );
    const contestMs = performance.now() - startedContest;
    const doubled = await db
      .selectFrom('bookings as a')
      .innerJoin('bookings as b', (join) =>
        join.onRef('a.clinician_id', '=', 'b.clinician_id').onRef('a.id', '<', 'b.id'),
      )
      .select('a.id')
      .where('a.clinician_id', '=', contest.clinicianId)
      .where('a.status', '=', 'booked')
      .where('b.status', '=', 'booked')
      .whereRef('a.starts_at', '<', 'b.ends_at')
      .whereRef('b.starts_at', '<', 'a.ends_at')
      .execute();
    const stored = await db
      .selectFrom('bookings')
      .select(sql<number>`count(*)`.as('count'))
      .where('clinician_id', '=', contest.clinicianId)
      .executeTakeFirstOrThrow();
    const booked = results.filter((result) => result.booked).length;
    const lost = results.filter((result) => !result.booked).length;
    const lostWithNearest = results.filter((result) => !result.booked && result.nearest.length > 0).length;

    console.log(
      [
        `bench:slots: ${ENGINE}, ${CLINICIANS} clinicians Mon–Sat 08:00–17:00 in ${SLOT_MINUTES}-minute slots, ${DAYS} days, ${clinic.bookings} bookings (${clinic.cells} cells, ${(BOOKED_SHARE * 100).toFixed(0)}% of slots), ${clinic.blocks} leave blocks; seeded in ${(seedMs / 1000).toFixed(1)} s`,
        `free-slot query (loadServiceTimes, ${SERVICE}, 14 days, ${slots} free times): n=${RUNS} p50=${ms(percentile(latencies, 50))} p95=${ms(p95)} p99=${ms(percentile(latencies, 99))} max=${ms(percentile(latencies, 100))} (target p95 ≤ ${TARGET_P95_MS} ms: ${p95 <= TARGET_P95_MS ? 'met' : 'MISSED'})`,
        ...parts,
        `contest: 200 bookings at once for 20 times, in ${ms(contestMs)}: booked ${booked}, lost ${lost} (${lostWithNearest} offered nearest times), doubled ${doubled.length}, booking rows stored ${Number(stored.count)}`,
      ].join('\n'),
    );
  } finally {
    await close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
