/**
 * The front desk's day and week (issue #28.7), in Lagos time: per clinician, each booked time (patient, service,
 * reference, attendance) and the free times the schedule still offers, earliest first. Free times are those of the
 * slot engine with no lead time: a walk-in may be booked for the next free time today.
 */
import { freeSlots, lagosDateOf, lagosMidnight, type ClinicianSchedule } from '../../shared/booking/free-slots';
import { bookings } from '../data/bookings';
import type { AppDatabase } from '../db/database';
import type { BookingService } from './booking-service';

const DAY_MS = 24 * 60 * 60_000;

export type CalendarItem =
  | {
      kind: 'booked';
      bookingId: number;
      requestId: number;
      reference: string;
      patientName: string;
      service: string;
      startsAt: number;
      endsAt: number;
      attendance: 'arrived' | 'no_show' | null;
    }
  | { kind: 'free'; service: string; startsAt: number; endsAt: number };

export type CalendarDay = {
  date: string;
  closed: boolean;
  clinicians: { id: number; name: string; items: CalendarItem[] }[];
};

export async function calendarDays(
  deps: { db: AppDatabase; booking: BookingService },
  input: { date: string; view: 'day' | 'week'; clinicianId: number | null },
  now = Date.now(),
): Promise<CalendarDay[]> {
  const { db } = deps;
  const days = input.view === 'week' ? 7 : 1;
  const from = lagosMidnight(input.date);
  const to = from + days * DAY_MS;
  const dates = Array.from({ length: days }, (_, index) => lagosDateOf(from + index * DAY_MS));
  let cliniciansQuery = db.selectFrom('clinicians').select(['id', 'name', 'active']).orderBy('name').orderBy('id');
  if (input.clinicianId !== null) cliniciansQuery = cliniciansQuery.where('id', '=', input.clinicianId);
  const clinicians = await cliniciansQuery.execute();
  const ids = clinicians.map((clinician) => clinician.id);
  if (!ids.length) return dates.map((date) => ({ date, closed: false, clinicians: [] }));

  const [booked, offered, busy, closed] = await Promise.all([
    db
      .selectFrom('bookings')
      .innerJoin('requests', 'requests.id', 'bookings.request_id')
      .select([
        'bookings.id',
        'bookings.request_id',
        'requests.reference',
        'requests.full_name',
        'bookings.service',
        'bookings.starts_at',
        'bookings.ends_at',
        'bookings.attendance',
        'bookings.clinician_id',
      ])
      .where('bookings.clinician_id', 'in', ids)
      .where('bookings.status', '=', 'booked')
      .where('bookings.starts_at', '<', to)
      .where('bookings.ends_at', '>', from)
      .orderBy('bookings.starts_at')
      .execute(),
    db.selectFrom('clinician_services').select('service').distinct().where('clinician_id', 'in', ids).execute(),
    bookings.busyFor(db, ids, from, to),
    deps.booking.closedDates(db, dates[0]!, dates[dates.length - 1]!),
  ]);

  // Free times per service, from this clinician set's schedules, over the shown days (none before now).
  const free: (CalendarItem & { clinicianId: number })[] = [];
  const start = Math.max(from, now);
  if (start < to)
    for (const { service } of offered) {
      const schedules: ClinicianSchedule[] = (await deps.booking.readSchedules(db, service)).filter((schedule) =>
        ids.includes(schedule.clinicianId),
      );
      for (const schedule of schedules) {
        const slots = freeSlots({
          schedules: [schedule],
          busy,
          closedDates: closed,
          now: start,
          days: Math.ceil((to - lagosMidnight(lagosDateOf(start))) / DAY_MS),
          leadMinutes: 0,
        });
        for (const slot of slots)
          if (slot.startsAt < to)
            free.push({
              kind: 'free',
              service,
              startsAt: slot.startsAt,
              endsAt: slot.endsAt,
              clinicianId: schedule.clinicianId,
            });
      }
    }

  return dates.map((date) => {
    const dayStart = lagosMidnight(date);
    const inDay = (at: number) => at >= dayStart && at < dayStart + DAY_MS;
    return {
      date,
      closed: closed.has(date),
      clinicians: clinicians
        .filter((clinician) => clinician.active === 1 || booked.some((row) => row.clinician_id === clinician.id))
        .map((clinician) => ({
          id: clinician.id,
          name: clinician.name,
          items: [
            ...booked
              .filter((row) => row.clinician_id === clinician.id && inDay(Number(row.starts_at)))
              .map((row): CalendarItem => ({
                kind: 'booked',
                bookingId: row.id,
                requestId: row.request_id,
                reference: row.reference,
                patientName: row.full_name,
                service: row.service,
                startsAt: Number(row.starts_at),
                endsAt: Number(row.ends_at),
                attendance: row.attendance,
              })),
            ...free
              .filter((item) => item.clinicianId === clinician.id && inDay(item.startsAt))
              .map(({ clinicianId: _clinicianId, ...item }): CalendarItem => item),
          ].sort((a, b) => a.startsAt - b.startsAt || (a.kind === 'booked' ? -1 : 1)),
        })),
    };
  });
}
