/**
 * Never two people in one slot (issue #28.3): 200 patients post to booking.book at once over HTTP, ten for each of 20
 * free times of one clinician, through the app's limits and (on SQLite) its write batcher, or (on PostgreSQL) each
 * booking's own transaction. Exactly one patient gets each time; the other 180 get the nearest free times and leave
 * nothing stored. Runs on the project's engine (unit: SQLite, unit-postgres: PostgreSQL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTEST_SLOTS,
  FAIR_CONTEST,
  contestDb,
  contestOutcome,
  startContestApp,
  runContest,
  seedContest,
  summarise,
  type ContestSeed,
} from '../../helpers/booking-contest';
import { SLOT_TAKEN_MESSAGE } from '../../../shared/messages/booking-messages';
import type { AppDatabase } from '../../../server/db/database';

let db: AppDatabase;
let server: Awaited<ReturnType<typeof startContestApp>>;
let seed: ContestSeed;
beforeAll(async () => {
  db = await contestDb();
  // 200 posts from one address in a moment: the form limit is raised so that it is the cells that decide.
  server = await startContestApp(db);
  seed = await seedContest(db);
});
afterAll(async () => {
  await server.closeServer();
  await db.destroy();
});

describe('200 patients for 20 times at once', () => {
  it('books each time once and turns the other 180 away with the nearest free times, storing nothing of theirs', async () => {
    const before = await fetch(
      `${server.baseUrl}/trpc/booking.freeSlots?input=${encodeURIComponent(JSON.stringify({ service: 'General Check-up' }))}`,
    );
    const offered = ((await before.json()) as { result: { data: { slots: { startsAt: number }[] } } }).result.data;
    // The contested day's 20 times, then the next day's 20.
    expect(offered.slots.slice(0, CONTEST_SLOTS).map((slot) => slot.startsAt)).toEqual(seed.slots);
    expect(offered.slots).toHaveLength(2 * CONTEST_SLOTS);

    const answers = await runContest([server.baseUrl], seed);
    const failed = answers.filter((answer) => answer.status !== 200 || answer.booked === null);
    expect(failed.map((answer) => answer.body)).toEqual([]);
    expect(summarise(seed, answers, await contestOutcome(db, seed.clinicianId))).toEqual(FAIR_CONTEST);
    expect(new Set(answers.filter((answer) => !answer.booked).map((answer) => answer.message))).toEqual(
      new Set([SLOT_TAKEN_MESSAGE]),
    );

    // Afterwards only the next day's 20 times are offered.
    const after = await fetch(
      `${server.baseUrl}/trpc/booking.freeSlots?input=${encodeURIComponent(JSON.stringify({ service: 'General Check-up' }))}`,
    );
    const left = ((await after.json()) as { result: { data: { slots: { startsAt: number }[] } } }).result.data;
    expect(left.slots.map((slot) => slot.startsAt)).toEqual(seed.slots.map((slot) => slot + 24 * 60 * 60_000));
  }, 120_000);
});
