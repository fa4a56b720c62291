/**
 * Never two people in one slot (issue #28.3), decided by the cells alone: 200 booking workflows called at once in one
 * process, ten for each of 20 free times, all read their free times before any of them writes, so every one passes
 * the free-time check and only the cells' primary key can tell them apart. (Over HTTP, tests/server/booking/
 * contest.test.ts, most losers are turned away by that check.) On the project's engine; mutation group 'booking'.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { bookSlot } from '../../../server/booking/book-slot';
import type { AppDatabase } from '../../../server/db/database';
import { bookSlotSchema } from '../../../shared/schemas/booking';
import {
  CONTEST_ATTEMPTS,
  FAIR_CONTEST,
  contestDb,
  contestInput,
  contestOutcome,
  contestServices,
  seedContest,
  summarise,
} from '../../helpers/booking-contest';

describe('200 bookings that all passed the free-time check', () => {
  let db: AppDatabase;
  afterAll(() => db.destroy());

  it('still books each time once: the cells decide', async () => {
    db = await contestDb();
    const services = contestServices(db);
    const contest = await seedContest(db);
    const answers = await Promise.all(
      Array.from({ length: CONTEST_ATTEMPTS }, async (_, index) => {
        const input = bookSlotSchema.parse(contestInput(contest, index));
        const result = await bookSlot(services, { kind: 'patient', ip: '192.0.2.1' }, input);
        return { index, status: 200, body: '', ...result };
      }),
    );
    expect(summarise(contest, answers, await contestOutcome(db, contest.clinicianId))).toEqual(FAIR_CONTEST);
  }, 120_000);
});
