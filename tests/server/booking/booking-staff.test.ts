/**
 * The staff side of booking (issue #28.1, #28.4, #28.7) through the bookingStaff procedures, as each role calls
 * them: availability writes and their field errors, the calendar, booking for a caller (with and without an e-mail),
 * attendance, and a staff reschedule. The clock is pinned at Monday 30 November 2026, 07:00 Lagos time.
 */
import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { appRouter } from '../../../server/trpc/router';
import { lagosWallClockOf } from '../../../shared/booking/free-slots';
import { seedClinician, weekdays } from '../../helpers/booking-seed';
import { codeOf, startStaffWorld } from '../trpc/routers/staff-fixtures';

const at = (lagos: string) => Date.parse(`${lagos}:00+01:00`);
const NOW = at('2026-11-30T07:00');

let world: Awaited<ReturnType<typeof startStaffWorld>>;
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterAll(() => vi.useRealTimers());
beforeEach(async () => {
  world = await startStaffWorld();
});
afterEach(() => world.close());

/** The field errors a refusal carries, { field: first message }. */
async function fieldErrorsOf(promise: Promise<unknown>): Promise<Record<string, string>> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TRPCError && error.cause instanceof ZodError)
      return Object.fromEntries(error.cause.issues.reverse().map((issue) => [issue.path.join('.'), issue.message]));
    throw error;
  }
  throw new Error('expected a refusal');
}

const call = (caller: unknown, path: string, input: unknown) =>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- walks the caller by a dotted path
  (path.split('.').reduce((node: any, key) => node[key], caller) as (input: unknown) => Promise<unknown>)(input);

const ADMIN_ONLY = [
  'addBlock',
  'addClinician',
  'addClosure',
  'addHours',
  'reactivateClinician',
  'removeBlock',
  'removeClosure',
  'removeHours',
  'removeService',
  'renameClinician',
  'retireClinician',
  'setService',
];
const STAFF = [
  'availability',
  'book',
  'calendar',
  'freeSlots',
  'reschedule',
  'requestBooking',
  'resendLinks',
  'setAttendance',
];

describe('who may call bookingStaff', () => {
  const procedures = Object.keys(appRouter._def.procedures)
    .filter((path) => path.startsWith('bookingStaff.'))
    .map((path) => path.slice('bookingStaff.'.length))
    .sort();

  it('classes every procedure of the router as admin-only or staff', () => {
    expect(procedures).toEqual([...ADMIN_ONLY, ...STAFF].sort());
  });

  it.each(STAFF.concat(ADMIN_ONLY))('%s: anonymous → UNAUTHORIZED, patient → FORBIDDEN', async (name) => {
    const input = { clinicianId: 1, name: 'Dr X', requestId: 1, bookingId: 1, date: '2026-11-30', view: 'day' };
    expect(await codeOf(call(world.callerFor(null), `bookingStaff.${name}`, input))).toBe('UNAUTHORIZED');
    expect(await codeOf(call((await world.person('patient')).caller, `bookingStaff.${name}`, input))).toBe('FORBIDDEN');
  });

  it.each(ADMIN_ONLY)('%s: an agent is refused and nothing changes', async (name) => {
    const id = await seedClinician(world.db, {
      name: 'Dr Amaka Obi',
      service: 'General Check-up',
      slotMinutes: 30,
      hours: [],
    });
    const input = {
      clinicianId: id,
      name: 'Dr Renamed',
      service: 'General Check-up',
      slotMinutes: 45,
      weekday: 1,
      start: '09:00',
      end: '12:00',
      startsAt: '2026-12-01T09:00',
      endsAt: '2026-12-01T12:00',
      reason: 'Leave',
      date: '2026-12-24',
      hoursId: 1,
      blockId: 1,
    };
    expect(await codeOf(call((await world.person('agent')).caller, `bookingStaff.${name}`, input))).toBe('FORBIDDEN');
    expect(await world.db.selectFrom('clinicians').select(['name', 'active']).execute()).toEqual([
      { name: 'Dr Amaka Obi', active: 1 },
    ]);
    expect(await world.db.selectFrom('clinician_services').select('slot_minutes').execute()).toEqual([
      { slot_minutes: 30 },
    ]);
    expect(await world.db.selectFrom('clinician_hours').select('id').execute()).toEqual([]);
    expect(await world.db.selectFrom('clinician_blocks').select('id').execute()).toEqual([]);
    expect(await world.db.selectFrom('clinic_closures').select('date').execute()).toEqual([]);
  });

  it('lets an agent read the availability page', async () => {
    await seedClinician(world.db, { name: 'Dr Amaka Obi', service: 'General Check-up', slotMinutes: 30, hours: [] });
    const agent = (await world.person('agent')).caller;
    const page = await agent.bookingStaff.availability();
    expect(page.clinicians.map((clinician) => clinician.name)).toEqual(['Dr Amaka Obi']);
  });
});

describe('availability (admins)', () => {
  it('adds a clinician, a service with its slot length and hours; the site then offers those times', async () => {
    const { caller, user } = await world.person('admin');
    const { id } = await caller.bookingStaff.addClinician({ name: ' Dr Ngozi Eze ' });
    await caller.bookingStaff.setService({ clinicianId: id, service: 'Mental Health Support', slotMinutes: 45 });
    await caller.bookingStaff.addHours({
      clinicianId: id,
      service: 'Mental Health Support',
      weekday: 1,
      start: '09:00',
      end: '10:30',
    });
    await caller.bookingStaff.addHours({
      clinicianId: id,
      service: 'Mental Health Support',
      weekday: 1,
      start: '14:00',
      end: '15:30',
    });
    const page = await caller.bookingStaff.availability();
    expect(page.clinicians).toEqual([
      {
        id,
        name: 'Dr Ngozi Eze',
        active: true,
        services: [
          {
            service: 'Mental Health Support',
            slotMinutes: 45,
            hours: [
              { id: expect.any(Number), weekday: 1, start: 540, end: 630 },
              { id: expect.any(Number), weekday: 1, start: 840, end: 930 },
            ],
          },
        ],
        blocks: [],
      },
    ]);
    const free = await world.callerFor(null).booking.freeSlots({ service: 'Mental Health Support' });
    expect(free.slots.slice(0, 4).map((slot) => lagosWallClockOf(slot.startsAt))).toEqual([
      '2026-11-30T09:00',
      '2026-11-30T09:45',
      '2026-11-30T14:00',
      '2026-11-30T14:45',
    ]);
    const audit = await world.db
      .selectFrom('audit_events')
      .select(['type', 'actor_user_id'])
      .where('type', '=', 'booking.availability')
      .execute();
    expect(audit).toHaveLength(4);
    expect(audit[0]).toEqual({ type: 'booking.availability', actor_user_id: user.id });
  });

  it('names the field of each refusal and stores nothing', async () => {
    const { caller } = await world.person('admin');
    const { id } = await caller.bookingStaff.addClinician({ name: 'Dr Ngozi Eze' });
    expect(await fieldErrorsOf(caller.bookingStaff.addClinician({ name: '  ' }))).toEqual({
      name: "Enter the clinician's name.",
    });
    for (const slotMinutes of [10, 20, 255, 0])
      expect(
        await fieldErrorsOf(
          caller.bookingStaff.setService({ clinicianId: id, service: 'General Check-up', slotMinutes }),
        ),
      ).toEqual({ slotMinutes: 'Slot length must be a whole number of minutes from 15 to 240, in steps of 15.' });
    expect(
      await fieldErrorsOf(
        caller.bookingStaff.addHours({
          clinicianId: id,
          service: 'General Check-up',
          weekday: 1,
          start: '09:00',
          end: '10:00',
        }),
      ),
    ).toEqual({
      service: 'This clinician does not offer this service yet: add the service with its slot length first.',
    });
    await caller.bookingStaff.setService({ clinicianId: id, service: 'General Check-up', slotMinutes: 30 });
    await caller.bookingStaff.setService({ clinicianId: id, service: 'Virtual Consultation', slotMinutes: 15 });
    expect(
      await fieldErrorsOf(
        caller.bookingStaff.addHours({
          clinicianId: id,
          service: 'General Check-up',
          weekday: 1,
          start: '10:00',
          end: '09:00',
        }),
      ),
    ).toEqual({ end: 'The end time must be after the start time.' });
    expect(
      await fieldErrorsOf(
        caller.bookingStaff.addHours({
          clinicianId: id,
          service: 'General Check-up',
          weekday: 1,
          start: '9am',
          end: '10:00',
        }),
      ),
    ).toEqual({ start: 'Enter a time as HH:MM in Lagos time, like 09:00.' });
    await caller.bookingStaff.addHours({
      clinicianId: id,
      service: 'General Check-up',
      weekday: 2,
      start: '09:00',
      end: '12:00',
    });
    // Another service's hours overlapping the same day are refused: one patient at a time.
    expect(
      await fieldErrorsOf(
        caller.bookingStaff.addHours({
          clinicianId: id,
          service: 'Virtual Consultation',
          weekday: 2,
          start: '11:30',
          end: '13:00',
        }),
      ),
    ).toEqual({
      start: 'These hours overlap Tuesday 09:00–12:00 (General Check-up). Choose a start and end outside it.',
    });
    // Touching is not overlapping.
    await caller.bookingStaff.addHours({
      clinicianId: id,
      service: 'Virtual Consultation',
      weekday: 2,
      start: '12:00',
      end: '13:00',
    });
    expect(
      await fieldErrorsOf(
        caller.bookingStaff.addBlock({
          clinicianId: id,
          startsAt: '2026-12-01T12:00',
          endsAt: '2026-12-01T09:00',
          reason: 'Leave',
        }),
      ),
    ).toEqual({ endsAt: 'The end must be after the start.' });
    expect(
      await fieldErrorsOf(
        caller.bookingStaff.addBlock({
          clinicianId: id,
          startsAt: '2026-12-01',
          endsAt: '2026-12-01T09:00',
          reason: '',
        }),
      ),
    ).toEqual({
      startsAt: 'Enter a date and time, like 2026-12-01T09:00 (Lagos time).',
      reason: 'Enter the reason, like Leave or Training.',
    });
    await caller.bookingStaff.addClosure({ date: '2026-12-24', reason: 'Staff party' });
    expect(await fieldErrorsOf(caller.bookingStaff.addClosure({ date: '2026-12-24', reason: 'Again' }))).toEqual({
      date: 'The clinic is already closed on this date.',
    });
    expect(
      await fieldErrorsOf(
        caller.bookingStaff.setService({ clinicianId: 9999, service: 'General Check-up', slotMinutes: 30 }),
      ),
    ).toEqual({ clinicianId: 'That clinician does not exist.' });
    expect(
      await world.db
        .selectFrom('clinician_hours')
        .select(['service', 'start_minute', 'end_minute'])
        .orderBy('start_minute')
        .execute(),
    ).toEqual([
      { service: 'General Check-up', start_minute: 540, end_minute: 720 },
      { service: 'Virtual Consultation', start_minute: 720, end_minute: 780 },
    ]);
    expect(await world.db.selectFrom('clinician_blocks').select('id').execute()).toEqual([]);
  });

  it('two admins adding overlapping hours at once: exactly one is stored', async () => {
    const first = await world.person('admin');
    const second = await world.person('admin');
    const { id } = await first.caller.bookingStaff.addClinician({ name: 'Dr Ngozi Eze' });
    await first.caller.bookingStaff.setService({ clinicianId: id, service: 'General Check-up', slotMinutes: 30 });
    const results = await Promise.allSettled([
      first.caller.bookingStaff.addHours({
        clinicianId: id,
        service: 'General Check-up',
        weekday: 3,
        start: '09:00',
        end: '12:00',
      }),
      second.caller.bookingStaff.addHours({
        clinicianId: id,
        service: 'General Check-up',
        weekday: 3,
        start: '11:00',
        end: '14:00',
      }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await world.db.selectFrom('clinician_hours').select('weekday').execute()).toEqual([{ weekday: 3 }]);
  });

  it('shows the closed days and the public holidays; a closed day offers no times', async () => {
    const { caller } = await world.person('admin');
    await seedClinician(world.db, {
      name: 'Dr Amaka Obi',
      service: 'General Check-up',
      slotMinutes: 60,
      hours: weekdays('09:00', '11:00'),
    });
    await caller.bookingStaff.addClosure({ date: '2026-12-02', reason: 'Staff training day' });
    const page = await caller.bookingStaff.availability();
    expect(page.closures).toEqual([{ date: '2026-12-02', reason: 'Staff training day' }]);
    expect(page.holidays.slice(0, 2)).toEqual([
      { date: '2026-12-25', name: 'Christmas Day' },
      { date: '2026-12-26', name: 'Boxing Day' },
    ]);
    const free = await world.callerFor(null).booking.freeSlots({ service: 'General Check-up' });
    expect(free.slots.slice(2, 5).map((slot) => lagosWallClockOf(slot.startsAt))).toEqual([
      '2026-12-01T09:00',
      '2026-12-01T10:00',
      '2026-12-03T09:00',
    ]);
    await caller.bookingStaff.removeClosure({ date: '2026-12-02' });
    expect((await caller.bookingStaff.availability()).closures).toEqual([]);
  });

  it('retires a clinician: no new bookings, the booked time stays on the calendar', async () => {
    const { caller } = await world.person('admin');
    const id = await seedClinician(world.db, {
      name: 'Dr Amaka Obi',
      service: 'General Check-up',
      slotMinutes: 60,
      hours: weekdays('09:00', '11:00'),
    });
    const booked = await caller.bookingStaff.book({
      service: 'General Check-up',
      slot: String(at('2026-11-30T10:00')),
      fullName: 'Bola Ade',
      phone: '0803 123 4567',
    });
    expect(booked.booked).toBe(true);
    await caller.bookingStaff.retireClinician({ clinicianId: id });
    expect(await world.callerFor(null).booking.freeSlots({ service: 'General Check-up' })).toEqual({
      bookable: false,
      slots: [],
    });
    const day = await caller.bookingStaff.calendar({ date: '2026-11-30', view: 'day', clinicianId: null });
    expect(day.days[0]!.clinicians.map((clinician) => clinician.items.map((item) => item.kind))).toEqual([['booked']]);
    await caller.bookingStaff.reactivateClinician({ clinicianId: id });
    expect((await world.callerFor(null).booking.freeSlots({ service: 'General Check-up' })).bookable).toBe(true);
  });

  it('allows a block over a booked time and lists that booking to be moved', async () => {
    const { caller } = await world.person('admin');
    const id = await seedClinician(world.db, {
      name: 'Dr Amaka Obi',
      service: 'General Check-up',
      slotMinutes: 30,
      hours: weekdays('09:00', '12:00'),
    });
    const booked = await caller.bookingStaff.book({
      service: 'General Check-up',
      slot: String(at('2026-12-01T10:30')),
      fullName: 'Bola Ade',
      phone: '0803 123 4567',
    });
    if (!booked.booked) throw new Error('not booked');
    const block = await caller.bookingStaff.addBlock({
      clinicianId: id,
      startsAt: '2026-12-01T10:00',
      endsAt: '2026-12-01T12:00',
      reason: 'Training',
    });
    expect(block.overlaps).toEqual([
      {
        requestId: expect.any(Number),
        reference: booked.reference,
        patientName: 'Bola Ade',
        service: 'General Check-up',
        startsAt: at('2026-12-01T10:30'),
      },
    ]);
    const page = await caller.bookingStaff.availability();
    expect(page.clinicians[0]!.blocks).toMatchObject([
      {
        reason: 'Training',
        startsAt: at('2026-12-01T10:00'),
        endsAt: at('2026-12-01T12:00'),
        overlaps: [{ reference: booked.reference }],
      },
    ]);
    const day = await caller.bookingStaff.calendar({ date: '2026-12-01', view: 'day', clinicianId: id });
    expect(
      day.days[0]!.clinicians[0]!.items.map((item) => `${item.kind} ${lagosWallClockOf(item.startsAt).slice(11)}`),
    ).toEqual(['free 09:00', 'free 09:30', 'booked 10:30']);
    await caller.bookingStaff.removeBlock({ blockId: block.id });
    expect((await caller.bookingStaff.availability()).clinicians[0]!.blocks).toEqual([]);
  });
});

describe('the front desk', () => {
  async function desk() {
    const agent = await world.person('agent', 'Funmi Desk');
    const amaka = await seedClinician(world.db, {
      name: 'Dr Amaka Obi',
      service: 'General Check-up',
      slotMinutes: 30,
      hours: weekdays('09:00', '11:00'),
    });
    const tunde = await seedClinician(world.db, {
      name: 'Dr Tunde Bakare',
      service: 'General Check-up',
      slotMinutes: 60,
      hours: weekdays('09:00', '11:00'),
    });
    return { agent, amaka, tunde };
  }

  it('shows a day for all clinicians, booked and free, in Lagos time, none before now', async () => {
    const { agent, tunde } = await desk();
    await agent.caller.bookingStaff.book({
      service: 'General Check-up',
      slot: String(at('2026-11-30T09:00')),
      clinicianId: tunde,
      fullName: 'Bola Ade',
      phone: '0803 123 4567',
    });
    const day = await agent.caller.bookingStaff.calendar({ date: '2026-11-30', view: 'day', clinicianId: null });
    expect(day.view).toBe('day');
    expect(
      day.days[0]!.clinicians.map((clinician) => [
        clinician.name,
        clinician.items.map((item) =>
          item.kind === 'booked'
            ? `${lagosWallClockOf(item.startsAt).slice(11)} ${item.patientName} ${item.service} ${item.attendance}`
            : `${lagosWallClockOf(item.startsAt).slice(11)} free`,
        ),
      ]),
    ).toEqual([
      ['Dr Amaka Obi', ['09:00 free', '09:30 free', '10:00 free', '10:30 free']],
      ['Dr Tunde Bakare', ['09:00 Bola Ade General Check-up null', '10:00 free']],
    ]);
    vi.setSystemTime(at('2026-11-30T09:40'));
    const later = await agent.caller.bookingStaff.calendar({ date: '2026-11-30', view: 'day', clinicianId: null });
    vi.setSystemTime(NOW);
    expect(later.days[0]!.clinicians[0]!.items.map((item) => lagosWallClockOf(item.startsAt).slice(11))).toEqual([
      '10:00',
      '10:30',
    ]);
  });

  it('bulk cancel frees a booked time with its request, one reason to each patient, all in one transaction', async () => {
    const { agent, tunde } = await desk();
    const booked = await agent.caller.bookingStaff.book({
      service: 'General Check-up',
      slot: String(at('2026-11-30T09:00')),
      clinicianId: tunde,
      fullName: 'Bola Ade',
      phone: '0803 123 4567',
      email: 'bola@example.com',
    });
    expect(booked.booked).toBe(true);
    const bookedId = (await world.db.selectFrom('bookings').select('request_id').executeTakeFirstOrThrow()).request_id;
    const plain = await world.submit('trip_plan');
    const rows = await agent.caller.staff.bulkCancel({
      ids: [bookedId, plain.id],
      reason: 'The clinic is closed for repairs',
    });
    expect(rows.map((row) => row.status)).toEqual(['cancelled', 'cancelled']);
    expect(await world.db.selectFrom('bookings').select('status').execute()).toEqual([{ status: 'cancelled' }]);
    const day = await agent.caller.bookingStaff.calendar({ date: '2026-11-30', view: 'day', clinicianId: tunde });
    expect(day.days[0]!.clinicians[0]!.items.map((item) => item.kind)).toEqual(['free', 'free']);
    expect(await world.db.selectFrom('requests').select(['status', 'cancel_reason']).orderBy('id').execute()).toEqual([
      { status: 'cancelled', cancel_reason: 'The clinic is closed for repairs' },
      { status: 'cancelled', cancel_reason: 'The clinic is closed for repairs' },
    ]);
    const cancelledMail = await world.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'text_body'])
      .where('kind', '=', 'booking_cancelled')
      .execute();
    expect(cancelledMail).toHaveLength(1);
    expect(cancelledMail[0]!.to_address).toBe('bola@example.com');
    expect(cancelledMail[0]!.text_body).toContain('The clinic is closed for repairs');
  });

  it('shows a week for one clinician: seven days, Saturday and Sunday empty', async () => {
    const { agent, tunde } = await desk();
    const week = await agent.caller.bookingStaff.calendar({ date: '2026-11-30', view: 'week', clinicianId: tunde });
    expect(week.days.map((day) => [day.date, day.clinicians[0]!.items.length])).toEqual([
      ['2026-11-30', 2],
      ['2026-12-01', 2],
      ['2026-12-02', 2],
      ['2026-12-03', 2],
      ['2026-12-04', 2],
      ['2026-12-05', 0],
      ['2026-12-06', 0],
    ]);
  });

  it('books for a caller with an e-mail: Confirmed, with the chosen clinician, mailed, audited', async () => {
    const { agent, tunde } = await desk();
    const result = await agent.caller.bookingStaff.book({
      service: 'General Check-up',
      slot: String(at('2026-11-30T10:00')),
      clinicianId: tunde,
      fullName: 'Bola Ade',
      phone: '0803 123 4567',
      email: 'bola@example.com',
    });
    expect(result).toMatchObject({ booked: true, startsAt: at('2026-11-30T10:00') });
    const row = await world.db
      .selectFrom('bookings')
      .innerJoin('requests', 'requests.id', 'bookings.request_id')
      .select(['bookings.clinician_id', 'bookings.booked_by', 'requests.status', 'requests.email'])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ clinician_id: tunde, booked_by: 'staff', status: 'confirmed', email: 'bola@example.com' });
    expect(
      await world.db.selectFrom('mail_outbox').select('to_address').where('kind', '=', 'booking_confirmed').execute(),
    ).toEqual([{ to_address: 'bola@example.com' }]);
    expect(
      await world.db
        .selectFrom('audit_events')
        .select(['type', 'actor_user_id'])
        .where('type', '=', 'booking.book')
        .execute(),
    ).toEqual([{ type: 'booking.book', actor_user_id: agent.user.id }]);
  });

  it('books for a caller with no e-mail: stores an empty address and queues no mail; a text goes with consent', async () => {
    const { agent } = await desk();
    const result = await agent.caller.bookingStaff.book({
      service: 'General Check-up',
      slot: String(at('2026-12-10T09:30')),
      fullName: 'Chidi Eze',
      phone: '0803 555 0101',
      email: '',
      smsConsent: true,
    });
    expect(result.booked).toBe(true);
    const request = await world.db.selectFrom('requests').select(['email', 'status']).executeTakeFirstOrThrow();
    expect(request).toEqual({ email: '', status: 'confirmed' });
    expect(await world.db.selectFrom('mail_outbox').select('id').execute()).toEqual([]);
    expect(await world.db.selectFrom('outbound_messages').select(['recipient', 'channel']).execute()).toEqual([
      { recipient: '+2348035550101', channel: 'sms' },
    ]);
    const { id: requestId } = await world.db.selectFrom('requests').select('id').executeTakeFirstOrThrow();
    await agent.caller.bookingStaff.reschedule({ requestId, slot: String(at('2026-12-11T10:00')) });
    await agent.caller.bookingStaff.resendLinks({ requestId });
    expect(await world.db.selectFrom('mail_outbox').select('id').execute()).toEqual([]);
  });

  it('books a walk-in now and up to 60 days ahead, beyond the 14 the site offers', async () => {
    const { agent } = await desk();
    const soon = await agent.caller.bookingStaff.book({
      service: 'General Check-up',
      slot: String(at('2026-11-30T09:00')),
      fullName: 'Ada Walk-in',
      phone: '0803 555 0102',
    });
    expect(soon.booked).toBe(true);
    const far = await agent.caller.bookingStaff.book({
      service: 'General Check-up',
      slot: String(at('2027-01-25T09:00')),
      fullName: 'Ada Later',
      phone: '0803 555 0102',
    });
    expect(far.booked).toBe(true);
    expect(
      await fieldErrorsOf(
        agent.caller.bookingStaff.book({
          service: 'General Check-up',
          slot: String(at('2027-02-01T09:00')),
          fullName: 'Ada Too Far',
          phone: '0803 555 0102',
        }),
      ),
    ).toEqual({ slot: 'That time is not one of the free times. Choose a time from the list.' });
  });

  it("names the caller's missing fields", async () => {
    const { agent } = await desk();
    expect(
      await fieldErrorsOf(
        agent.caller.bookingStaff.book({
          service: 'General Check-up',
          slot: String(at('2026-11-30T09:00')),
          fullName: '',
          phone: '',
          email: 'not-an-email',
        }),
      ),
    ).toEqual({
      fullName: "Enter the caller's full name.",
      phone: "Enter the caller's phone number.",
      email: 'Enter an email address in the correct format, like name@example.com.',
    });
  });

  it('marks arrived and no-show only on or after the day, compare-and-set, audited', async () => {
    const { agent } = await desk();
    const today = await agent.caller.bookingStaff.book({
      service: 'General Check-up',
      slot: String(at('2026-11-30T10:00')),
      fullName: 'Bola Ade',
      phone: '0803 123 4567',
    });
    const tomorrow = await agent.caller.bookingStaff.book({
      service: 'General Check-up',
      slot: String(at('2026-12-01T10:00')),
      fullName: 'Chidi Eze',
      phone: '0803 123 4568',
    });
    expect(today.booked && tomorrow.booked).toBe(true);
    const ids = await world.db.selectFrom('bookings').select('id').orderBy('starts_at').execute();
    const [todayId, tomorrowId] = ids.map((row) => row.id);
    await expect(
      agent.caller.bookingStaff.setAttendance({ bookingId: tomorrowId!, from: null, to: 'arrived' }),
    ).rejects.toThrow('Attendance can be marked only on or after the day of the appointment.');
    expect(await agent.caller.bookingStaff.setAttendance({ bookingId: todayId!, from: null, to: 'arrived' })).toEqual({
      attendance: 'arrived',
    });
    // A second desk still showing 'not marked' is told to reload, not silently overwritten.
    expect(
      await codeOf(agent.caller.bookingStaff.setAttendance({ bookingId: todayId!, from: null, to: 'no_show' })),
    ).toBe('CONFLICT');
    await agent.caller.bookingStaff.setAttendance({ bookingId: todayId!, from: 'arrived', to: 'no_show' });
    vi.setSystemTime(at('2026-12-02T08:00'));
    await agent.caller.bookingStaff.setAttendance({ bookingId: tomorrowId!, from: null, to: 'no_show' });
    vi.setSystemTime(NOW);
    expect(await world.db.selectFrom('bookings').select('attendance').orderBy('starts_at').execute()).toEqual([
      { attendance: 'no_show' },
      { attendance: 'no_show' },
    ]);
    expect(
      await world.db
        .selectFrom('audit_events')
        .select('detail')
        .where('type', '=', 'booking.attendance')
        .orderBy('id')
        .execute(),
    ).toEqual([
      { detail: JSON.stringify({ from: null, to: 'arrived' }) },
      { detail: JSON.stringify({ from: 'arrived', to: 'no_show' }) },
      { detail: JSON.stringify({ from: null, to: 'no_show' }) },
    ]);
  });

  it('two desks marking one appointment at once: one change lands, the other is told to reload', async () => {
    const { agent } = await desk();
    const other = await world.person('agent');
    await agent.caller.bookingStaff.book({
      service: 'General Check-up',
      slot: String(at('2026-11-30T10:00')),
      fullName: 'Bola Ade',
      phone: '0803 123 4567',
    });
    const { id } = await world.db.selectFrom('bookings').select('id').executeTakeFirstOrThrow();
    const codes = await Promise.all([
      codeOf(agent.caller.bookingStaff.setAttendance({ bookingId: id, from: null, to: 'arrived' })),
      codeOf(other.caller.bookingStaff.setAttendance({ bookingId: id, from: null, to: 'no_show' })),
    ]);
    expect([...codes].sort()).toEqual(['CONFLICT', 'OK']);
    const { attendance } = await world.db.selectFrom('bookings').select('attendance').executeTakeFirstOrThrow();
    expect(attendance).toBe(codes[0] === 'OK' ? 'arrived' : 'no_show');
    expect(
      await world.db.selectFrom('audit_events').select('id').where('type', '=', 'booking.attendance').execute(),
    ).toHaveLength(1);
  });

  it('reschedules from the request page beyond 14 days and sends new links', async () => {
    const { agent } = await desk();
    await agent.caller.bookingStaff.book({
      service: 'General Check-up',
      slot: String(at('2026-11-30T10:00')),
      fullName: 'Bola Ade',
      phone: '0803 123 4567',
      email: 'bola@example.com',
    });
    const request = await world.db.selectFrom('requests').select(['id', 'reference']).executeTakeFirstOrThrow();
    const panel = await agent.caller.bookingStaff.requestBooking({ requestId: request.id });
    expect(panel).toMatchObject({
      service: 'General Check-up',
      startsAt: at('2026-11-30T10:00'),
      clinicianName: 'Dr Amaka Obi',
      attendance: null,
      videoLink: null,
      upcoming: true,
    });
    const free = await agent.caller.bookingStaff.freeSlots({ service: 'General Check-up' });
    expect(lagosWallClockOf(free[free.length - 1]!.startsAt)).toBe('2027-01-28T10:30');
    const moved = await agent.caller.bookingStaff.reschedule({
      requestId: request.id,
      slot: String(at('2027-01-20T09:30')),
    });
    expect(moved).toEqual({ moved: true, reference: request.reference, startsAt: at('2027-01-20T09:30') });
    const after = await world.db.selectFrom('requests').select('confirmed_for').executeTakeFirstOrThrow();
    expect(after.confirmed_for).toBe('2027-01-20T09:30');
    await agent.caller.bookingStaff.resendLinks({ requestId: request.id });
    expect(
      (await world.db.selectFrom('mail_outbox').select('kind').orderBy('id').execute()).map((row) => row.kind),
    ).toEqual(['booking_confirmed', 'booking_rescheduled', 'booking_confirmed']);
    expect(await agent.caller.bookingStaff.requestBooking({ requestId: 999_999 })).toBeNull();
  });
});
