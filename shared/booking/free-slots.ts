/**
 * Free appointment times (issue #28.2), computed from what staff set (each clinician's weekly hours per service, slot
 * length, one-off blocks, closed days) and what is booked (the 15-minute cells bookings cover). Pure: the server
 * loads the rows, the page shows the answer, and a test can pin every rule with literal times.
 *
 * Lagos keeps UTC+1 all year (no daylight saving), so a Lagos wall-clock minute is a fixed offset from UTC.
 */

/** Bookings occupy whole cells of this many minutes; slot lengths are multiples of it. */
export const CELL_MINUTES = 15;
export const CELL_MS = CELL_MINUTES * 60_000;
/** How far ahead a patient can book. */
export const BOOKING_WINDOW_DAYS = 14;
/** The earliest a patient can book: a slot starting sooner than this is not offered. */
export const BOOKING_LEAD_MINUTES = 60;
/** How many nearby free times a patient who lost a slot is offered. */
export const NEAREST_SLOT_COUNT = 3;

const LAGOS_OFFSET_MS = 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

export type WeeklyHours = { weekday: number; startMinute: number; endMinute: number };

/** One clinician's hours for one service. */
export type ClinicianSchedule = {
  clinicianId: number;
  slotMinutes: number;
  hours: readonly WeeklyHours[];
};

/** Time a clinician cannot be booked: a block (leave, training) or an existing booking. */
export type BusyTime = { clinicianId: number; startsAt: number; endsAt: number };

/** A free start time and the clinicians free then, lowest id first. */
export type FreeSlot = { startsAt: number; endsAt: number; clinicianIds: number[] };

export type FreeSlotQuery = {
  schedules: readonly ClinicianSchedule[];
  busy: readonly BusyTime[];
  /** Lagos dates (YYYY-MM-DD) with no bookings: public holidays and the clinic's own closures. */
  closedDates: ReadonlySet<string>;
  now: number;
  days?: number;
  leadMinutes?: number;
};

/** Midnight of a Lagos date, as epoch ms. */
export const lagosMidnight = (date: string): number => Date.parse(`${date}T00:00:00Z`) - LAGOS_OFFSET_MS;

/** The Lagos date (YYYY-MM-DD) of an instant. */
export const lagosDateOf = (at: number): string => new Date(at + LAGOS_OFFSET_MS).toISOString().slice(0, 10);

/** Lagos wall clock 'YYYY-MM-DDTHH:MM' of an instant (the requests table's confirmed_for). */
export const lagosWallClockOf = (at: number): string => new Date(at + LAGOS_OFFSET_MS).toISOString().slice(0, 16);

/** 1 = Monday … 7 = Sunday, of a Lagos date. */
export const weekdayOf = (date: string): number => {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
};

/** The first `days` Lagos dates from the one `now` falls on. */
export function lagosDates(now: number, days: number): string[] {
  const first = lagosMidnight(lagosDateOf(now));
  return Array.from({ length: days }, (_, index) => lagosDateOf(first + index * DAY_MS));
}

/** The cells [startsAt, endsAt) covers, ascending: what a booking inserts. */
export function cellsOf(startsAt: number, endsAt: number): number[] {
  const cells: number[] = [];
  for (let cell = startsAt; cell < endsAt; cell += CELL_MS) cells.push(cell);
  return cells;
}

const overlaps = (busy: readonly BusyTime[], startsAt: number, endsAt: number) =>
  busy.some((time) => time.startsAt < endsAt && startsAt < time.endsAt);

/** Every free start time in the window, earliest first; a time free with two clinicians is one slot. */
export function freeSlots(query: FreeSlotQuery): FreeSlot[] {
  const { schedules, busy, closedDates, now } = query;
  const earliest = now + (query.leadMinutes ?? BOOKING_LEAD_MINUTES) * 60_000;
  const busyBy = new Map<number, BusyTime[]>();
  for (const time of busy) {
    const list = busyBy.get(time.clinicianId) ?? [];
    list.push(time);
    busyBy.set(time.clinicianId, list);
  }
  const byStart = new Map<number, FreeSlot>();
  for (const date of lagosDates(now, query.days ?? BOOKING_WINDOW_DAYS)) {
    if (closedDates.has(date)) continue;
    const midnight = lagosMidnight(date);
    const weekday = weekdayOf(date);
    for (const schedule of schedules) {
      const length = schedule.slotMinutes * 60_000;
      const taken = busyBy.get(schedule.clinicianId) ?? [];
      for (const hours of schedule.hours) {
        if (hours.weekday !== weekday) continue;
        const close = midnight + hours.endMinute * 60_000;
        for (let startsAt = midnight + hours.startMinute * 60_000; startsAt + length <= close; startsAt += length) {
          if (startsAt < earliest || overlaps(taken, startsAt, startsAt + length)) continue;
          const slot = byStart.get(startsAt);
          if (slot) {
            if (!slot.clinicianIds.includes(schedule.clinicianId)) slot.clinicianIds.push(schedule.clinicianId);
          } else
            byStart.set(startsAt, {
              startsAt,
              endsAt: startsAt + length,
              clinicianIds: [schedule.clinicianId],
            });
        }
      }
    }
  }
  const slots = [...byStart.values()].sort((a, b) => a.startsAt - b.startsAt);
  for (const slot of slots) slot.clinicianIds.sort((a, b) => a - b);
  return slots;
}

/** The free times nearest to the one a patient lost, in time order. */
export function nearestSlots(slots: readonly FreeSlot[], wanted: number, count = NEAREST_SLOT_COUNT): FreeSlot[] {
  return [...slots]
    .sort((a, b) => Math.abs(a.startsAt - wanted) - Math.abs(b.startsAt - wanted) || a.startsAt - b.startsAt)
    .slice(0, count)
    .sort((a, b) => a.startsAt - b.startsAt);
}

export type SlotDay = { date: string; slots: FreeSlot[] };

/** Slots grouped by their Lagos date, in order: the page's one group per day. */
export function groupByDay(slots: readonly FreeSlot[]): SlotDay[] {
  const days: SlotDay[] = [];
  for (const slot of slots) {
    const date = lagosDateOf(slot.startsAt);
    const last = days[days.length - 1];
    if (last?.date === date) last.slots.push(slot);
    else days.push({ date, slots: [slot] });
  }
  return days;
}

const timeFormat = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
  timeZone: 'Africa/Lagos',
});
const dayFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});

/** '09:30' in Lagos. */
export const formatSlotTime = (at: number): string => timeFormat.format(at);

/** 'Monday 30 November' for a Lagos date. */
export const formatSlotDay = (date: string): string => dayFormat.format(new Date(`${date}T00:00:00Z`));
