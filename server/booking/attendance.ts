/**
 * Arrived and no-show (issue #28.7): the front desk marks a booked time on or after its Lagos day. Compare-and-set on
 * bookings.attendance: the change lands only if the value is still the one the desk saw, so two desks marking at once
 * change it once and the second is told to reload. Audited as 'booking.attendance'.
 */
import { TRPCError } from '@trpc/server';
import { lagosDateOf } from '../../shared/booking/free-slots';
import { BOOKING_NOT_FOUND_MESSAGE, APPOINTMENT_CANCELLED_MESSAGE } from '../../shared/messages/booking-messages';
import type { Attendance } from '../../shared/schemas/availability';
import type { AvailabilityDeps, StaffActor } from './availability';

export const ATTENDANCE_TOO_EARLY_MESSAGE = 'Attendance can be marked only on or after the day of the appointment.';
export const ATTENDANCE_CHANGED_MESSAGE =
  'Someone else changed the attendance of this appointment a moment ago. Reload to see it.';

export async function markAttendance(
  deps: AvailabilityDeps,
  by: StaffActor,
  input: { bookingId: number; from: Attendance | null; to: Attendance | null },
  now = Date.now(),
) {
  const booking = await deps.db
    .selectFrom('bookings')
    .select(['id', 'request_id', 'starts_at', 'status', 'attendance'])
    .where('id', '=', input.bookingId)
    .executeTakeFirst();
  if (!booking) throw new TRPCError({ code: 'NOT_FOUND', message: BOOKING_NOT_FOUND_MESSAGE });
  if (booking.status !== 'booked') throw new TRPCError({ code: 'BAD_REQUEST', message: APPOINTMENT_CANCELLED_MESSAGE });
  if (lagosDateOf(Number(booking.starts_at)) > lagosDateOf(now))
    throw new TRPCError({ code: 'BAD_REQUEST', message: ATTENDANCE_TOO_EARLY_MESSAGE });
  const changed = await deps.booking.write((trx) =>
    trx
      .updateTable('bookings')
      .set({ attendance: input.to, updated_at: new Date(now).toISOString() })
      .where('id', '=', input.bookingId)
      .where('status', '=', 'booked')
      .where((eb) => (input.from === null ? eb('attendance', 'is', null) : eb('attendance', '=', input.from)))
      .returning('id')
      .executeTakeFirst(),
  );
  if (!changed) throw new TRPCError({ code: 'CONFLICT', message: ATTENDANCE_CHANGED_MESSAGE });
  await deps.audit.record({
    type: 'booking.attendance',
    actorUserId: by.userId,
    ip: by.ip,
    subject: `request:${booking.request_id}`,
    detail: { from: input.from, to: input.to },
  });
  return { attendance: input.to };
}
