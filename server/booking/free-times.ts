/**
 * The free times of one service (issue #28.2): the rows staff set and the booked cells, read for the booking window,
 * then shared/booking/free-slots.ts decides.
 */
import {
  BOOKING_WINDOW_DAYS,
  freeSlots,
  lagosDates,
  lagosMidnight,
  type FreeSlot,
} from '../../shared/booking/free-slots';
import { bookings } from '../data/bookings';
import type { AppDatabase } from '../db/database';
import type { BookingService } from './booking-service';

type Deps = { db: AppDatabase; booking: BookingService };

export type ServiceTimes = {
  /** False when no active clinician offers the service: the page offers only the request form. */
  bookable: boolean;
  slots: FreeSlot[];
  /** Clinician names by id, for the staff's views. */
  clinicians: Map<number, string>;
  /** Each clinician's slot length in minutes. */
  slotMinutes: Map<number, number>;
};

const DAY_MS = 24 * 60 * 60_000;

/**
 * Free times in the window. `ignoreBooked` leaves booked cells out: the times the schedule offers at all, to tell
 * 'taken' from 'never offered'. `days` and `leadMinutes` let staff look further or book a walk-in sooner.
 */
export async function loadServiceTimes(
  deps: Deps,
  service: string,
  now = Date.now(),
  options: { days?: number; leadMinutes?: number; ignoreBooked?: boolean } = {},
): Promise<ServiceTimes> {
  const days = options.days ?? BOOKING_WINDOW_DAYS;
  const schedules = await deps.booking.readSchedules(deps.db, service);
  const dates = lagosDates(now, days);
  const from = lagosMidnight(dates[0]!);
  const to = lagosMidnight(dates[dates.length - 1]!) + DAY_MS;
  const ids = schedules.map((schedule) => schedule.clinicianId);
  const [busy, closedDates] = await Promise.all([
    options.ignoreBooked ? Promise.resolve([]) : bookings.busyFor(deps.db, ids, from, to),
    deps.booking.closedDates(deps.db, dates[0]!, dates[dates.length - 1]!),
  ]);
  return {
    bookable: schedules.some((schedule) => schedule.hours.length > 0),
    slots: freeSlots({ schedules, busy, closedDates, now, days, leadMinutes: options.leadMinutes }),
    clinicians: new Map(schedules.map((schedule) => [schedule.clinicianId, schedule.name])),
    slotMinutes: new Map(schedules.map((schedule) => [schedule.clinicianId, schedule.slotMinutes])),
  };
}
