/**
 * The slot engine (shared/booking/free-slots.ts, issue #28.2) pinned with literal Lagos times. Monday 30 November 2026
 * is the usual day; Lagos is UTC+1 all year.
 */
import { describe, expect, it } from 'vitest';
import {
  BOOKING_LEAD_MINUTES,
  BOOKING_WINDOW_DAYS,
  CELL_MINUTES,
  CELL_MS,
  cellsOf,
  formatSlotDay,
  formatSlotTime,
  freeSlots,
  groupByDay,
  lagosDateOf,
  lagosDates,
  lagosMidnight,
  lagosWallClockOf,
  nearestSlots,
  weekdayOf,
  type BusyTime,
  type ClinicianSchedule,
  type FreeSlot,
  type FreeSlotQuery,
} from '../../../shared/booking/free-slots';
import { NIGERIA_PUBLIC_HOLIDAYS } from '../../../shared/support-hours';

/** Epoch ms of a Lagos wall-clock time 'YYYY-MM-DDTHH:MM'. */
const at = (lagos: string) => Date.parse(`${lagos}:00+01:00`);
const minute = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
const MONDAY_7AM = at('2026-11-30T07:00');

const hours = (weekday: number, start: string, end: string) => ({
  weekday,
  startMinute: minute(start),
  endMinute: minute(end),
});
const schedule = (
  clinicianId: number,
  slotMinutes: number,
  ...weekly: ReturnType<typeof hours>[]
): ClinicianSchedule => ({ clinicianId, slotMinutes, hours: weekly });
const busy = (clinicianId: number, from: string, to: string): BusyTime => ({
  clinicianId,
  startsAt: at(from),
  endsAt: at(to),
});

/** The free times as 'YYYY-MM-DDTHH:MM–HH:MM [ids]', for literal comparison. */
const listed = (slots: FreeSlot[]) =>
  slots.map(
    (slot) =>
      `${lagosWallClockOf(slot.startsAt)}–${lagosWallClockOf(slot.endsAt).slice(11)} [${slot.clinicianIds.join(',')}]`,
  );

const query = (partial: Partial<FreeSlotQuery> & Pick<FreeSlotQuery, 'schedules'>): FreeSlotQuery => ({
  busy: [],
  closedDates: new Set(),
  now: MONDAY_7AM,
  days: 1,
  ...partial,
});

describe('the engine constants', () => {
  it('books 15-minute cells, 14 days ahead, from an hour ahead', () => {
    expect(CELL_MINUTES).toBe(15);
    expect(CELL_MS).toBe(900_000);
    expect(BOOKING_WINDOW_DAYS).toBe(14);
    expect(BOOKING_LEAD_MINUTES).toBe(60);
  });
});

describe('freeSlots: hours and slot lengths', () => {
  it('offers a slot that ends exactly at closing time, and none that would run past it', () => {
    expect(listed(freeSlots(query({ schedules: [schedule(1, 30, hours(1, '09:00', '10:00'))] })))).toEqual([
      '2026-11-30T09:00–09:30 [1]',
      '2026-11-30T09:30–10:00 [1]',
    ]);
    // Ten minutes more is not enough for a third 30-minute slot.
    expect(listed(freeSlots(query({ schedules: [schedule(1, 30, hours(1, '09:00', '10:20'))] })))).toEqual([
      '2026-11-30T09:00–09:30 [1]',
      '2026-11-30T09:30–10:00 [1]',
    ]);
    // Hours shorter than one slot give nothing.
    expect(freeSlots(query({ schedules: [schedule(1, 30, hours(1, '09:00', '09:29'))] }))).toEqual([]);
  });

  it('lays 45-minute slots end to end from the opening time (on the 15-minute grid)', () => {
    expect(listed(freeSlots(query({ schedules: [schedule(1, 45, hours(1, '09:00', '12:00'))] })))).toEqual([
      '2026-11-30T09:00–09:45 [1]',
      '2026-11-30T09:45–10:30 [1]',
      '2026-11-30T10:30–11:15 [1]',
      '2026-11-30T11:15–12:00 [1]',
    ]);
  });

  it('offers each range of a day with several, and only on its weekday', () => {
    const slots = freeSlots(
      query({
        schedules: [
          schedule(1, 30, hours(1, '14:00', '15:00'), hours(1, '09:00', '10:00'), hours(2, '11:00', '11:30')),
        ],
        days: 2,
      }),
    );
    expect(listed(slots)).toEqual([
      '2026-11-30T09:00–09:30 [1]',
      '2026-11-30T09:30–10:00 [1]',
      '2026-11-30T14:00–14:30 [1]',
      '2026-11-30T14:30–15:00 [1]',
      '2026-12-01T11:00–11:30 [1]',
    ]);
  });

  it('lists a time once for a clinician whose two ranges overlap', () => {
    const slots = freeSlots(
      query({ schedules: [schedule(4, 30, hours(1, '09:00', '10:00'), hours(1, '09:00', '09:30'))] }),
    );
    expect(listed(slots)).toEqual(['2026-11-30T09:00–09:30 [4]', '2026-11-30T09:30–10:00 [4]']);
  });

  it('lists a time two clinicians have free as one slot naming both, lowest id first', () => {
    const slots = freeSlots(
      query({
        schedules: [schedule(7, 30, hours(1, '09:00', '10:00')), schedule(3, 30, hours(1, '09:30', '10:30'))],
      }),
    );
    expect(listed(slots)).toEqual([
      '2026-11-30T09:00–09:30 [7]',
      '2026-11-30T09:30–10:00 [3,7]',
      '2026-11-30T10:00–10:30 [3]',
    ]);
  });

  it('gives nothing for a clinician with no hours', () => {
    expect(freeSlots(query({ schedules: [schedule(1, 30)], days: 14 }))).toEqual([]);
  });
});

describe('freeSlots: blocks and bookings', () => {
  const monday = [schedule(1, 30, hours(1, '09:00', '11:00'))];

  it('takes out every slot a block overlaps even by five minutes, and none it only touches', () => {
    const slots = freeSlots(query({ schedules: monday, busy: [busy(1, '2026-11-30T09:25', '2026-11-30T09:30')] }));
    expect(listed(slots)).toEqual([
      '2026-11-30T09:30–10:00 [1]',
      '2026-11-30T10:00–10:30 [1]',
      '2026-11-30T10:30–11:00 [1]',
    ]);
    // A booking 10:00–10:30 touches 09:30–10:00 and 10:30–11:00 without overlapping them.
    const around = freeSlots(query({ schedules: monday, busy: [busy(1, '2026-11-30T10:00', '2026-11-30T10:30')] }));
    expect(listed(around)).toEqual([
      '2026-11-30T09:00–09:30 [1]',
      '2026-11-30T09:30–10:00 [1]',
      '2026-11-30T10:30–11:00 [1]',
    ]);
  });

  it('takes out the slots a block spans from inside one to inside another', () => {
    const slots = freeSlots(query({ schedules: monday, busy: [busy(1, '2026-11-30T09:45', '2026-11-30T10:15')] }));
    expect(listed(slots)).toEqual(['2026-11-30T09:00–09:30 [1]', '2026-11-30T10:30–11:00 [1]']);
  });

  it('blocks only its own clinician: a time the other has free stays, naming only them', () => {
    const slots = freeSlots(
      query({
        schedules: [schedule(1, 30, hours(1, '09:00', '10:00')), schedule(2, 30, hours(1, '09:00', '10:00'))],
        busy: [busy(2, '2026-11-30T09:00', '2026-11-30T09:30'), busy(1, '2026-11-30T09:30', '2026-11-30T10:00')],
      }),
    );
    expect(listed(slots)).toEqual(['2026-11-30T09:00–09:30 [1]', '2026-11-30T09:30–10:00 [2]']);
  });

  it('takes out a whole day under a leave block', () => {
    const slots = freeSlots(
      query({
        schedules: [schedule(1, 60, hours(1, '09:00', '11:00'), hours(2, '09:00', '10:00'))],
        busy: [busy(1, '2026-11-29T12:00', '2026-12-01T00:00')],
        days: 2,
      }),
    );
    expect(listed(slots)).toEqual(['2026-12-01T09:00–10:00 [1]']);
  });
});

describe('freeSlots: closed days, the lead time and the window', () => {
  const everyDay = [1, 2, 3, 4, 5, 6, 7].map((weekday) => hours(weekday, '09:00', '09:30'));

  it('offers nothing on a closed date and carries on the day after', () => {
    const slots = freeSlots(
      query({ schedules: [schedule(1, 30, ...everyDay)], closedDates: new Set(['2026-11-30']), days: 2 }),
    );
    expect(listed(slots)).toEqual(['2026-12-01T09:00–09:30 [1]']);
  });

  it('offers nothing on the public holidays (Christmas, Boxing Day, New Year) when they are the closed dates', () => {
    const holidays = new Set(NIGERIA_PUBLIC_HOLIDAYS.map((holiday) => holiday.date));
    const slots = freeSlots({
      schedules: [schedule(1, 30, ...everyDay)],
      busy: [],
      closedDates: holidays,
      now: at('2026-12-21T07:00'),
    });
    expect(groupByDay(slots).map((day) => day.date)).toEqual([
      '2026-12-21',
      '2026-12-22',
      '2026-12-23',
      '2026-12-24',
      '2026-12-27',
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-02',
      '2027-01-03',
    ]);
  });

  it('offers nothing that starts sooner than an hour from now; exactly an hour from now is offered', () => {
    const monday = [schedule(1, 30, hours(1, '09:00', '10:30'))];
    expect(listed(freeSlots(query({ schedules: monday, now: at('2026-11-30T08:30') })))).toEqual([
      '2026-11-30T09:30–10:00 [1]',
      '2026-11-30T10:00–10:30 [1]',
    ]);
    expect(listed(freeSlots(query({ schedules: monday, now: at('2026-11-30T08:31') })))).toEqual([
      '2026-11-30T10:00–10:30 [1]',
    ]);
    // Staff booking a walk-in: no lead time.
    expect(listed(freeSlots(query({ schedules: monday, now: at('2026-11-30T09:00'), leadMinutes: 0 })))).toEqual([
      '2026-11-30T09:00–09:30 [1]',
      '2026-11-30T09:30–10:00 [1]',
      '2026-11-30T10:00–10:30 [1]',
    ]);
  });

  it('looks 14 Lagos days ahead by default, across the end of the month', () => {
    const slots = freeSlots({
      schedules: [schedule(1, 30, ...everyDay)],
      busy: [],
      closedDates: new Set(),
      now: at('2026-11-25T07:00'),
    });
    expect(slots).toHaveLength(14);
    expect(lagosWallClockOf(slots[0]!.startsAt)).toBe('2026-11-25T09:00');
    expect(lagosWallClockOf(slots[5]!.startsAt)).toBe('2026-11-30T09:00');
    expect(lagosWallClockOf(slots[6]!.startsAt)).toBe('2026-12-01T09:00');
    expect(lagosWallClockOf(slots[13]!.startsAt)).toBe('2026-12-08T09:00');
  });

  it('starts the window on the Lagos date, which is a day ahead of UTC from 23:00 UTC', () => {
    // 23:30 in Lagos on Monday is 22:30 UTC Monday: the window starts Monday, today's 09:00 is past.
    const lateMonday = freeSlots({
      schedules: [schedule(1, 30, ...everyDay)],
      busy: [],
      closedDates: new Set(),
      now: at('2026-11-30T23:30'),
      days: 2,
    });
    expect(listed(lateMonday)).toEqual(['2026-12-01T09:00–09:30 [1]']);
    // 00:30 in Lagos on Tuesday is still Monday in UTC: the window starts Tuesday.
    const earlyTuesday = freeSlots({
      schedules: [schedule(1, 30, ...everyDay)],
      busy: [],
      closedDates: new Set(),
      now: at('2026-12-01T00:30'),
      days: 2,
    });
    expect(listed(earlyTuesday)).toEqual(['2026-12-01T09:00–09:30 [1]', '2026-12-02T09:00–09:30 [1]']);
  });
});

describe('nearestSlots', () => {
  const slotAt = (lagos: string): FreeSlot => ({
    startsAt: at(lagos),
    endsAt: at(lagos) + 30 * 60_000,
    clinicianIds: [1],
  });
  const times = (slots: FreeSlot[]) => slots.map((slot) => lagosWallClockOf(slot.startsAt).slice(11));
  const day = ['09:00', '09:30', '10:00', '10:30', '11:00', '13:00'].map((time) => slotAt(`2026-11-30T${time}`));

  it('gives the 3 closest to the lost time, in time order', () => {
    expect(times(nearestSlots(day, at('2026-11-30T12:40')))).toEqual(['10:30', '11:00', '13:00']);
    expect(times(nearestSlots(day, at('2026-11-30T08:00')))).toEqual(['09:00', '09:30', '10:00']);
  });

  it('breaks a tie in distance by taking the earlier time', () => {
    // 10:15: 10:00 and 10:30 are 15 minutes away, 09:30 and 11:00 both 45: the earlier, 09:30, is the third.
    expect(times(nearestSlots(day, at('2026-11-30T10:15')))).toEqual(['09:30', '10:00', '10:30']);
    expect(times(nearestSlots(day, at('2026-11-30T10:15'), 2))).toEqual(['10:00', '10:30']);
    expect(times(nearestSlots(day, at('2026-11-30T10:15'), 4))).toEqual(['09:30', '10:00', '10:30', '11:00']);
  });

  it('sorts input given out of order, and gives what there is when fewer are free', () => {
    expect(times(nearestSlots([...day].reverse(), at('2026-11-30T09:40')))).toEqual(['09:00', '09:30', '10:00']);
    expect(times(nearestSlots(day.slice(0, 2), at('2026-11-30T12:00')))).toEqual(['09:00', '09:30']);
    expect(nearestSlots([], at('2026-11-30T12:00'))).toEqual([]);
  });

  it('leaves the list it was given as it was', () => {
    const reversed = [...day].reverse();
    nearestSlots(reversed, at('2026-11-30T10:15'));
    expect(times(reversed)).toEqual(['13:00', '11:00', '10:30', '10:00', '09:30', '09:00']);
  });
});

describe('groupByDay', () => {
  it('groups by the Lagos date, so 23:30 stays on its day and 00:00 starts the next', () => {
    const slot = (lagos: string): FreeSlot => ({
      startsAt: at(lagos),
      endsAt: at(lagos) + 30 * 60_000,
      clinicianIds: [2],
    });
    const days = groupByDay([
      slot('2026-11-30T09:00'),
      slot('2026-11-30T23:30'),
      slot('2026-12-01T00:00'),
      slot('2026-12-01T10:00'),
      slot('2026-12-03T09:00'),
    ]);
    expect(days.map((day) => [day.date, day.slots.map((one) => lagosWallClockOf(one.startsAt).slice(11))])).toEqual([
      ['2026-11-30', ['09:00', '23:30']],
      ['2026-12-01', ['00:00', '10:00']],
      ['2026-12-03', ['09:00']],
    ]);
    expect(groupByDay([])).toEqual([]);
  });
});

describe('Lagos dates and times', () => {
  it('puts Lagos midnight at 23:00 UTC the day before', () => {
    expect(new Date(lagosMidnight('2026-11-30')).toISOString()).toBe('2026-11-29T23:00:00.000Z');
    expect(new Date(lagosMidnight('2027-01-01')).toISOString()).toBe('2026-12-31T23:00:00.000Z');
  });

  it('turns the Lagos date over at 23:00 UTC', () => {
    expect(lagosDateOf(Date.parse('2026-11-29T22:59:59.999Z'))).toBe('2026-11-29');
    expect(lagosDateOf(Date.parse('2026-11-29T23:00:00.000Z'))).toBe('2026-11-30');
    expect(lagosDateOf(Date.parse('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
  });

  it('gives the Lagos wall clock and the weekday, Monday 1 to Sunday 7', () => {
    expect(lagosWallClockOf(Date.parse('2026-11-30T08:05:59Z'))).toBe('2026-11-30T09:05');
    expect(lagosWallClockOf(Date.parse('2026-11-30T23:15:00Z'))).toBe('2026-12-01T00:15');
    expect(weekdayOf('2026-11-29')).toBe(7);
    expect(weekdayOf('2026-11-30')).toBe(1);
    expect(weekdayOf('2026-12-05')).toBe(6);
  });

  it('lists the window dates from the Lagos date of now', () => {
    expect(lagosDates(at('2026-11-29T23:30'), 3)).toEqual(['2026-11-29', '2026-11-30', '2026-12-01']);
    expect(lagosDates(Date.parse('2026-11-29T23:30:00Z'), 2)).toEqual(['2026-11-30', '2026-12-01']);
  });

  it('covers a booking with its 15-minute cells, start included, end excluded', () => {
    expect(cellsOf(at('2026-11-30T09:00'), at('2026-11-30T09:45')).map((cell) => lagosWallClockOf(cell))).toEqual([
      '2026-11-30T09:00',
      '2026-11-30T09:15',
      '2026-11-30T09:30',
    ]);
    expect(cellsOf(at('2026-11-30T09:00'), at('2026-11-30T09:00'))).toEqual([]);
  });

  it('formats a time in Lagos on the 24-hour clock, and a day with its weekday', () => {
    expect(formatSlotTime(Date.parse('2026-11-30T08:30:00Z'))).toBe('09:30');
    expect(formatSlotTime(Date.parse('2026-11-30T22:45:00Z'))).toBe('23:45');
    expect(formatSlotDay('2026-11-30')).toBe('Monday 30 November');
    expect(formatSlotDay('2027-01-01')).toBe('Friday 1 January');
  });
});
