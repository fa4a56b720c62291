/**
 * The booking queries (server/data/bookings.ts, issue #28) on the project's engine, with literal Lagos times: the
 * schedules of a service, the bookable services, the busy times (blocks and booked cells, adjacent cells joined), and
 * the small look-ups. Mutation group 'booking'.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../../server/data/bookings';
import type { AppDatabase } from '../../../server/db/database';
import { seedClinician, weekdays } from '../../helpers/booking-seed';
import { createTestDb } from '../../helpers/test-db';

const at = (lagos: string) => Date.parse(`${lagos}:00+01:00`);
const stamp = '2026-11-27T07:00:00.000Z';

let db: AppDatabase;
let amaka: number;
let bayo: number;
let idle: number;
beforeAll(async () => {
  db = await createTestDb();
  amaka = await seedClinician(db, {
    name: 'Dr Amaka Obi',
    service: 'General Check-up',
    slotMinutes: 45,
    hours: weekdays('09:00', '12:00'),
  });
  bayo = await seedClinician(db, {
    name: 'Dr Bayo Ade',
    service: 'General Check-up',
    slotMinutes: 30,
    hours: [{ weekday: 6, start: '10:00', end: '11:00' }],
  });
  // Offers a service with no hours yet: listed with none, and the service is not bookable.
  idle = await seedClinician(db, { name: 'Dr Idle Eze', service: 'Mental Health Support', slotMinutes: 60, hours: [] });
  // Inactive: offers nothing.
  const gone = await seedClinician(db, {
    name: 'Dr Gone Okafor',
    service: 'Specialist Consultation',
    slotMinutes: 30,
    hours: weekdays('09:00', '10:00'),
  });
  await db.updateTable('clinicians').set({ active: 0 }).where('id', '=', gone).execute();

  // Bookings: Amaka 09:00–09:45 and 09:45–10:30 (adjacent: one stretch), Bayo 09:00–09:30 (another clinician).
  const book = async (clinicianId: number, from: string, minutes: number, n: number) => {
    const request = await db
      .insertInto('requests')
      .values({
        reference: `APT-Q${n}`,
        type: 'appointment',
        submission_id: 900 + n,
        full_name: 'Bola Ade',
        email: `bola${n}@example.com`,
        phone: null,
        phone_e164: null,
        subject: 'General Check-up',
        requested_date: '2026-11-30',
        owner_id: null,
        confirmed_for: null,
        patient_message: null,
        cancel_reason: null,
        created_at: stamp,
        updated_at: stamp,
        closed_at: null,
        anonymised_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const booking = await bookings.insert(db, {
      request_id: request.id,
      clinician_id: clinicianId,
      service: 'General Check-up',
      starts_at: at(from),
      ends_at: at(from) + minutes * 60_000,
      calendar_uid: `uid-${n}@example.com`,
      video_room: null,
      manage_token_hash: `hash-${n}`,
      wants_earlier: 0,
      booked_by: 'patient',
      created_at: stamp,
      updated_at: stamp,
    });
    const cells = Array.from({ length: minutes / 15 }, (_, index) => at(from) + index * 15 * 60_000);
    expect(await bookings.claimCells(db, clinicianId, booking.id, cells)).toBe(true);
    return booking;
  };
  await book(amaka, '2026-11-30T09:00', 45, 1);
  await book(amaka, '2026-11-30T09:45', 45, 2);
  await book(bayo, '2026-11-30T09:00', 30, 3);
  await db
    .insertInto('clinician_blocks')
    .values({
      clinician_id: bayo,
      starts_at: at('2026-11-30T13:00'),
      ends_at: at('2026-11-30T14:10'),
      reason: 'Training',
      created_at: stamp,
    })
    .execute();
});
afterAll(() => db.destroy());

const wall = (ms: number) => new Date(ms + 3_600_000).toISOString().slice(0, 16);

describe('bookings queries', () => {
  it('lists each active clinician of a service with their slot length and weekly hours', async () => {
    const schedules = await bookings.schedulesFor(db, 'General Check-up');
    expect(schedules.map((schedule) => [schedule.name, schedule.slotMinutes, schedule.hours.length])).toEqual([
      ['Dr Amaka Obi', 45, 5],
      ['Dr Bayo Ade', 30, 1],
    ]);
    expect(schedules[1]!.hours).toEqual([{ weekday: 6, startMinute: 600, endMinute: 660 }]);
    expect(await bookings.schedulesFor(db, 'Mental Health Support')).toEqual([
      { clinicianId: idle, name: 'Dr Idle Eze', slotMinutes: 60, hours: [] },
    ]);
    expect(await bookings.schedulesFor(db, 'Specialist Consultation')).toEqual([]);
  });

  it('offers online only the services an active clinician has hours for', async () => {
    expect((await bookings.bookableServices(db)).sort()).toEqual(['General Check-up']);
  });

  it('gives blocks and booked time, adjacent cells of one clinician joined into one stretch', async () => {
    const busy = await bookings.busyFor(db, [amaka, bayo], at('2026-11-30T00:00'), at('2026-12-01T00:00'));
    expect(busy.map((time) => [time.clinicianId, wall(time.startsAt), wall(time.endsAt)])).toEqual([
      [bayo, '2026-11-30T13:00', '2026-11-30T14:10'],
      [amaka, '2026-11-30T09:00', '2026-11-30T10:30'],
      [bayo, '2026-11-30T09:00', '2026-11-30T09:30'],
    ]);
    // Only the clinicians asked for, only the window asked for.
    expect(
      (await bookings.busyFor(db, [bayo], at('2026-11-30T09:15'), at('2026-11-30T13:30'))).map((time) => [
        wall(time.startsAt),
        wall(time.endsAt),
      ]),
    ).toEqual([
      ['2026-11-30T13:00', '2026-11-30T14:10'],
      ['2026-11-30T09:15', '2026-11-30T09:30'],
    ]);
    expect(await bookings.busyFor(db, [], at('2026-11-30T00:00'), at('2026-12-01T00:00'))).toEqual([]);
  });

  it('refuses cells someone holds, taking none of the free ones it can still return', async () => {
    const booking = (await bookings.byTokenHash(db, 'hash-3'))!;
    expect(await bookings.claimCells(db, bayo, booking.id, [at('2026-11-30T09:15'), at('2026-11-30T09:30')])).toBe(
      false,
    );
  });

  it('finds a booking by id, by request and by token hash, and a clinician by id', async () => {
    const byHash = (await bookings.byTokenHash(db, 'hash-1'))!;
    expect(wall(Number(byHash.starts_at))).toBe('2026-11-30T09:00');
    expect((await bookings.find(db, byHash.id))!.calendar_uid).toBe('uid-1@example.com');
    expect((await bookings.forRequest(db, byHash.request_id))!.id).toBe(byHash.id);
    expect(await bookings.find(db, 999_999)).toBeUndefined();
    expect(await bookings.clinicianName(db, amaka)).toBe('Dr Amaka Obi');
    expect(await bookings.clinicianName(db, 999_999)).toBeNull();
  });
});
