/**
 * The booking contest (issue #28.3): many patients post to booking.book at once, ten for each of twenty free times of
 * one clinician. Used by tests/server/booking/contest.test.ts (one app, either engine),
 * tests/server/cluster/booking-contest.pg.test.ts (two nodes on PostgreSQL) and `npm run bench:slots`.
 *
 * The times are real (the router books with Date.now()): the clinician works every day 08:00–18:00 Lagos in 30-minute
 * slots (20 a day), and blocks leave only two days of the window open, the contested day and the one after it, so a
 * patient who loses still gets the nearest free times.
 */
import { sql } from 'kysely';
import { createApp } from '../../server/app';
import type { AppDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { loadEnv } from '../../server/env';
import { createServices } from '../../server/services';
import { lagosDateOf, lagosMidnight } from '../../shared/booking/free-slots';
import { NIGERIA_PUBLIC_HOLIDAYS } from '../../shared/support-hours';
import { seedClinician } from './booking-seed';
import { silentLogger } from './silent-logger';
import { createPostgresTestDb, createTestDb, testEngine } from './test-db';
import { listenOnEphemeralPort } from './test-server';

export const CONTEST_SERVICE = 'General Check-up';
export const CONTEST_SLOTS = 20;
export const CONTEST_ATTEMPTS = 200;

const DAY_MS = 24 * 60 * 60_000;
const holidays = new Set(NIGERIA_PUBLIC_HOLIDAYS.map((holiday) => holiday.date));

/**
 * The contest's database: on PostgreSQL with the app's default pool of 10 connections (DATABASE_POOL_SIZE), not the
 * test default of 4. 200 workflows at once queue for a connection, and one that waits longer than the pool's 3 s is
 * answered 503 by design (server/db/app-database.ts); with 4 on a busy 2-CPU machine a few did, and with 10 beside
 * other test files some still did: that is the pool's overload answer, not the booking's, so the wait here is 60 s.
 */
export async function contestDb(): Promise<AppDatabase> {
  if (testEngine !== 'postgres') return createTestDb();
  const { db } = await createPostgresTestDb({ poolSize: 10, acquireTimeoutMs: 60_000 });
  await migrateToLatest(db);
  return db;
}

/** The app's services over `db`, the form limit raised so that it is the cells that decide, not the limit. */
export const contestServices = (db: AppDatabase) =>
  createServices(
    loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent', RATE_LIMIT_FORMS_PER_MINUTE: '1000' }),
    db,
    silentLogger,
  );

/** The app over `db` on an ephemeral port. */
export async function startContestApp(db: AppDatabase) {
  const services = contestServices(db);
  const { baseUrl, closeServer } = await listenOnEphemeralPort(createApp(services, { version: 'test' }));
  return { baseUrl, services, closeServer };
}

/** A Lagos date at least two days after `now` whose next day is open too (no public holiday on either). */
function contestDay(now: number): string {
  for (let ahead = 2; ; ahead++) {
    const day = lagosDateOf(lagosMidnight(lagosDateOf(now)) + ahead * DAY_MS);
    const next = lagosDateOf(lagosMidnight(day) + DAY_MS);
    if (!holidays.has(day) && !holidays.has(next)) return day;
  }
}

export type ContestSeed = { clinicianId: number; day: string; slots: number[] };

/** One clinician, 20 free times on the contested day (08:00 to 17:30 Lagos) and 20 on the day after. */
export async function seedContest(db: AppDatabase, now = Date.now()): Promise<ContestSeed> {
  const clinicianId = await seedClinician(db, {
    name: 'Dr Kemi Contest',
    service: CONTEST_SERVICE,
    slotMinutes: 30,
    hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '08:00', end: '18:00' })),
  });
  const day = contestDay(now);
  const open = lagosMidnight(day);
  const stamp = new Date(now).toISOString();
  const block = (startsAt: number, endsAt: number) => ({
    clinician_id: clinicianId,
    starts_at: startsAt,
    ends_at: endsAt,
    reason: 'Contest: closed',
    created_at: stamp,
  });
  await db
    .insertInto('clinician_blocks')
    .values([block(lagosMidnight(lagosDateOf(now)), open), block(open + 2 * DAY_MS, open + 40 * DAY_MS)])
    .execute();
  const slots = Array.from({ length: CONTEST_SLOTS }, (_, index) => open + (8 * 60 + index * 30) * 60_000);
  return { clinicianId, day, slots };
}

/** 'Aa', 'Ab', … a letters-only name part per attempt (names take no digits). */
const letters = (index: number) =>
  String.fromCharCode(65 + Math.floor(index / 26)) + String.fromCharCode(97 + (index % 26));

/**
 * The contested time of attempt `index`: the ten attempts for one time are sent one after the other, so that they
 * reach the server together (spread as `index % 20`, one time's attempts would be 20 posts apart and could be
 * answered one after the other without ever meeting).
 */
export const slotOf = (index: number) => Math.floor(index / (CONTEST_ATTEMPTS / CONTEST_SLOTS));

/** Attempt `index`: a patient of their own choosing the contested time slotOf(index). */
export const contestInput = (seed: ContestSeed, index: number) => ({
  service: CONTEST_SERVICE,
  slot: String(seed.slots[slotOf(index)]),
  fullName: `Contest Patient ${letters(index)}`,
  email: `contest-${index}@example.com`,
  phone: '',
  website: '',
  fillMs: 5000,
});

export type ContestAnswer = {
  index: number;
  status: number;
  booked: boolean | null;
  reference?: string;
  message?: string;
  nearest?: { startsAt: number }[];
  body: string;
};

/** Posts one attempt to booking.book as the browser's tRPC client does. */
export async function postBooking(baseUrl: string, seed: ContestSeed, index: number): Promise<ContestAnswer> {
  const response = await fetch(`${baseUrl}/trpc/booking.book`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(contestInput(seed, index)),
  });
  const body = await response.text();
  let data: { booked?: boolean; reference?: string; message?: string; nearest?: { startsAt: number }[] } = {};
  try {
    data = (JSON.parse(body) as { result?: { data?: typeof data } }).result?.data ?? {};
  } catch {
    data = {};
  }
  return { index, status: response.status, booked: data.booked ?? null, ...data, body };
}

/** All 200 attempts at once, attempt i to node i % nodes. */
export const runContest = (baseUrls: string[], seed: ContestSeed) =>
  Promise.all(
    Array.from({ length: CONTEST_ATTEMPTS }, (_, index) =>
      postBooking(baseUrls[index % baseUrls.length]!, seed, index),
    ),
  );

/** What the database holds after a contest: the facts the tests assert and the bench prints. */
export async function contestOutcome(db: AppDatabase, clinicianId: number) {
  const booked = await db
    .selectFrom('bookings')
    .select(['id', 'starts_at', 'ends_at', 'request_id'])
    .where('clinician_id', '=', clinicianId)
    .where('status', '=', 'booked')
    .orderBy('starts_at')
    .execute();
  // Two booked bookings of one clinician that share a minute.
  const overlapping = await db
    .selectFrom('bookings as a')
    .innerJoin('bookings as b', (join) =>
      join.onRef('a.clinician_id', '=', 'b.clinician_id').onRef('a.id', '<', 'b.id'),
    )
    .select(['a.id as first', 'b.id as second'])
    .where('a.status', '=', 'booked')
    .where('b.status', '=', 'booked')
    .whereRef('a.starts_at', '<', 'b.ends_at')
    .whereRef('b.starts_at', '<', 'a.ends_at')
    .execute();
  const cells = await db
    .selectFrom('booking_cells')
    .leftJoin('bookings', 'bookings.id', 'booking_cells.booking_id')
    .select(['booking_cells.cell_at', 'booking_cells.booking_id', 'bookings.starts_at', 'bookings.ends_at'])
    .where('booking_cells.clinician_id', '=', clinicianId)
    .orderBy('booking_cells.cell_at')
    .execute();
  const requests = await db
    .selectFrom('requests')
    .select(['id', 'email', 'status'])
    .where('email', 'like', 'contest-%')
    .execute();
  const appointments = await db
    .selectFrom('appointments')
    .select(sql<number>`count(*)`.as('count'))
    .where('email', 'like', 'contest-%')
    .executeTakeFirstOrThrow();
  const mails = await db
    .selectFrom('mail_outbox')
    .select(sql<number>`count(*)`.as('count'))
    .where('to_address', 'like', 'contest-%')
    .executeTakeFirstOrThrow();
  return {
    booked,
    overlapping,
    cells,
    requests,
    appointments: Number(appointments.count),
    mails: Number(mails.count),
  };
}

export type ContestOutcome = Awaited<ReturnType<typeof contestOutcome>>;

/** A contest's answers and rows as one plain summary: what a test compares with literals, what the bench prints. */
export function summarise(seed: ContestSeed, answers: ContestAnswer[], outcome: ContestOutcome) {
  const winners = answers.filter((answer) => answer.booked === true);
  const losers = answers.filter((answer) => answer.booked === false);
  const bookedStarts = outcome.booked.map((row) => Number(row.starts_at));
  return {
    answered200: answers.filter((answer) => answer.status === 200).length,
    booked: winners.length,
    lost: losers.length,
    // Each contested time went to exactly one patient, and the winners are the ones whose request rows stayed.
    timesBooked: [...new Set(winners.map((answer) => seed.slots[slotOf(answer.index)]))].length,
    bookedRows: outcome.booked.length,
    bookedAreTheContestedTimes: bookedStarts.every((start, index) => start === seed.slots[index]),
    doubled: outcome.overlapping.length,
    cells: outcome.cells.length,
    cellsOutsideTheirBooking: outcome.cells.filter(
      (cell) =>
        cell.starts_at === null ||
        Number(cell.cell_at) < Number(cell.starts_at) ||
        Number(cell.cell_at) >= Number(cell.ends_at),
    ).length,
    requests: outcome.requests.length,
    requestsConfirmed: outcome.requests.filter((row) => row.status === 'confirmed').length,
    requestsOfLosers: outcome.requests.filter((row) =>
      losers.some((answer) => row.email === `contest-${answer.index}@example.com`),
    ).length,
    appointments: outcome.appointments,
    mails: outcome.mails,
    losersWithThreeNearest: losers.filter((answer) => answer.nearest?.length === 3).length,
    losersOfferedTheirLostTime: losers.filter((answer) =>
      answer.nearest?.some((slot) => slot.startsAt === seed.slots[slotOf(answer.index)]),
    ).length,
  };
}

/** The only right outcome of 200 attempts on 20 times. */
export const FAIR_CONTEST = {
  answered200: 200,
  booked: 20,
  lost: 180,
  timesBooked: 20,
  bookedRows: 20,
  bookedAreTheContestedTimes: true,
  doubled: 0,
  cells: 40,
  cellsOutsideTheirBooking: 0,
  requests: 20,
  requestsConfirmed: 20,
  requestsOfLosers: 0,
  appointments: 20,
  mails: 20,
  losersWithThreeNearest: 180,
  losersOfferedTheirLostTime: 0,
};
