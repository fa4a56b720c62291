/**
 * Booking a free time, moving it and cancelling it (issue #28.2–28.4), through the workflows with the app's own
 * services, on the project's engine. Times are literal Lagos times on Monday 30 November 2026.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookSlot } from '../../../server/booking/book-slot';
import { cancelBooking, changeableBooking, rescheduleBooking } from '../../../server/booking/change-booking';
import { loadServiceTimes } from '../../../server/booking/free-times';
import { bookings } from '../../../server/data/bookings';
import type { AppDatabase } from '../../../server/db/database';
import { loadEnv } from '../../../server/env';
import type { AppServices } from '../../../server/services';
import { lagosWallClockOf } from '../../../shared/booking/free-slots';
import { LINK_USED_MESSAGE, SLOT_TAKEN_MESSAGE } from '../../../shared/messages/booking-messages';
import { bookSlotSchema } from '../../../shared/schemas/booking';
import { seedClinician, weekdays } from '../../helpers/booking-seed';
import { silentLogger } from '../../helpers/silent-logger';
import { createTestDb } from '../../helpers/test-db';
import { testServices } from '../../helpers/test-services';

const at = (lagos: string) => Date.parse(`${lagos}:00+01:00`);
const NOW = at('2026-11-30T07:00');

let db: AppDatabase;
let services: AppServices;
beforeAll(async () => {
  db = await createTestDb();
  services = testServices({
    db,
    env: loadEnv({ PUBLIC_ORIGIN: 'https://clinic.example' }),
    logger: silentLogger,
  });
  await seedClinician(db, {
    name: 'Dr Amaka Obi',
    service: 'General Check-up',
    slotMinutes: 30,
    hours: weekdays('09:00', '12:00'),
  });
});
afterAll(() => db.destroy());

const patient = (slot: number, name = 'Bola Ade', extra: Record<string, unknown> = {}) =>
  bookSlotSchema.parse({
    service: 'General Check-up',
    slot: String(slot),
    fullName: name,
    email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
    phone: '',
    fillMs: 5000,
    ...extra,
  });
const by = { kind: 'patient' as const, ip: '192.0.2.1' };

async function mailsTo(address: string) {
  return db.selectFrom('mail_outbox').selectAll().where('to_address', '=', address).orderBy('id').execute();
}
const tokenIn = (text: string) => /token=([A-Za-z0-9_-]{43})/.exec(text)![1]!;

describe('booking a free time', () => {
  it('offers 30-minute times from 09:00 to 11:30 on each weekday of the next 14 days', async () => {
    const times = await loadServiceTimes(services, 'General Check-up', NOW);
    expect(times.slots).toHaveLength(60);
    expect(lagosWallClockOf(times.slots[0]!.startsAt)).toBe('2026-11-30T09:00');
    expect(lagosWallClockOf(times.slots[5]!.startsAt)).toBe('2026-11-30T11:30');
    expect(lagosWallClockOf(times.slots[6]!.startsAt)).toBe('2026-12-01T09:00');
  });

  it('books a time Confirmed at once, mails the calendar file and links, and takes it off the list', async () => {
    const result = await bookSlot(services, by, patient(at('2026-11-30T10:00')), NOW);
    expect(result).toMatchObject({ booked: true, startsAt: at('2026-11-30T10:00') });
    const request = await db
      .selectFrom('requests')
      .selectAll()
      .where('reference', '=', (result as { reference: string }).reference)
      .executeTakeFirstOrThrow();
    expect(request.status).toBe('confirmed');
    expect(request.confirmed_for).toBe('2026-11-30T10:00');
    const booking = (await bookings.forRequest(db, request.id))!;
    expect(
      await db.selectFrom('booking_cells').select('cell_at').where('booking_id', '=', booking.id).execute(),
    ).toEqual([{ cell_at: at('2026-11-30T10:00') }, { cell_at: at('2026-11-30T10:15') }]);
    const [mail] = await mailsTo('bola@example.com');
    expect(mail!.subject).toBe(`Your appointment is booked (${request.reference})`);
    expect(mail!.text_body).toContain('https://clinic.example/appointments/reschedule?token=');
    const ics = JSON.parse(mail!.attachments!)[0].content as string;
    expect(ics).toContain('METHOD:PUBLISH');
    expect(ics).toContain('SEQUENCE:0');
    expect(ics).toContain('DTSTART:20261130T090000Z');
    const times = await loadServiceTimes(services, 'General Check-up', NOW);
    expect(times.slots.map((slot) => lagosWallClockOf(slot.startsAt))).not.toContain('2026-11-30T10:00');
    const reminders = await db
      .selectFrom('booking_reminders')
      .select(['kind', 'due_at'])
      .where('booking_id', '=', booking.id)
      .execute();
    // Booked 3 hours ahead: the 24 h reminder's time has passed, the 2 h one has not.
    expect(reminders).toEqual([{ kind: '2h', due_at: at('2026-11-30T08:00') }]);
  });

  it('gives the second person for a time the 3 nearest free times, keeping nothing of theirs', async () => {
    const result = await bookSlot(services, by, patient(at('2026-11-30T10:00'), 'Chidi Eze'), NOW);
    expect(result.booked).toBe(false);
    if (result.booked) return;
    expect(result.message).toBe(SLOT_TAKEN_MESSAGE);
    expect(result.nearest.map((slot) => lagosWallClockOf(slot.startsAt))).toEqual([
      '2026-11-30T09:00',
      '2026-11-30T09:30',
      '2026-11-30T10:30',
    ]);
    expect(await db.selectFrom('requests').select('id').where('full_name', '=', 'Chidi Eze').execute()).toEqual([]);
  });

  it('moves with the link once: the same UID with SEQUENCE 1, new links, the old time free again', async () => {
    const [booked] = await mailsTo('bola@example.com');
    const token = tokenIn(booked!.text_body);
    const booking = await changeableBooking(services, null, { token }, NOW);
    const moved = await rescheduleBooking(services, by, booking, at('2026-12-01T11:00'), NOW);
    expect(moved).toMatchObject({ moved: true, startsAt: at('2026-12-01T11:00') });
    const mails = await mailsTo('bola@example.com');
    const ics = JSON.parse(mails[1]!.attachments!)[0].content as string;
    expect(ics).toContain('SEQUENCE:1');
    expect(ics).toContain(`UID:${booking.calendar_uid}`);
    expect(ics).toContain('DTSTART:20261201T100000Z');
    await expect(changeableBooking(services, null, { token }, NOW)).rejects.toThrow(LINK_USED_MESSAGE);
    const times = await loadServiceTimes(services, 'General Check-up', NOW);
    expect(times.slots.map((slot) => lagosWallClockOf(slot.startsAt))).toContain('2026-11-30T10:00');
    const reminders = await db
      .selectFrom('booking_reminders')
      .select(['kind', 'status'])
      .where('booking_id', '=', booking.id)
      .orderBy('id')
      .execute();
    expect(reminders).toEqual([
      { kind: '2h', status: 'cancelled' },
      { kind: '24h', status: 'pending' },
      { kind: '2h', status: 'pending' },
    ]);
  });

  it('cancels with the newest link: METHOD:CANCEL, the time free, the request Cancelled', async () => {
    const mails = await mailsTo('bola@example.com');
    const token = tokenIn(mails[1]!.text_body);
    const booking = await changeableBooking(services, null, { token }, NOW);
    const request = await cancelBooking(services, by, booking, 'Cancelled by the patient.', NOW);
    expect(request.status).toBe('cancelled');
    const cancelMail = (await mailsTo('bola@example.com'))[2]!;
    const ics = JSON.parse(cancelMail.attachments!)[0].content as string;
    expect(ics).toContain('METHOD:CANCEL');
    expect(ics).toContain('STATUS:CANCELLED');
    expect(ics).toContain('SEQUENCE:1');
    expect(
      await db.selectFrom('booking_cells').select('cell_at').where('booking_id', '=', booking.id).execute(),
    ).toEqual([]);
    await expect(changeableBooking(services, null, { token }, NOW)).rejects.toThrow(LINK_USED_MESSAGE);
  });
});
