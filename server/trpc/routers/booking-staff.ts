/**
 * Booking, staff side (issue #28.1, #28.4, #28.7): the availability page (admins change it, agents may read it), the
 * front desk's day and week, booking for a caller, attendance, and a booked request's panel (reschedule, new links).
 * Staff book and move with a wider window than the site: 60 days ahead, no lead time.
 */
import { TRPCError } from '@trpc/server';
import { BOOKING_NOT_FOUND_MESSAGE } from '../../../shared/messages/booking-messages';
import {
  addBlockSchema,
  addClinicianSchema,
  addClosureSchema,
  addHoursSchema,
  attendanceSchema,
  blockIdSchema,
  calendarSchema,
  clinicianIdSchema,
  closureDateSchema,
  hoursIdSchema,
  removeServiceSchema,
  renameClinicianSchema,
  requestBookingSchema,
  setServiceSchema,
  staffBookSchema,
  staffFreeSlotsSchema,
  staffRescheduleSchema,
} from '../../../shared/schemas/availability';
import {
  addBlock,
  addClinician,
  addClosure,
  addHours,
  readAvailability,
  removeBlock,
  removeClosure,
  removeHours,
  removeService,
  renameClinician,
  setClinicianActive,
  setService,
} from '../../booking/availability';
import { markAttendance } from '../../booking/attendance';
import { bookSlot, videoLinkOf } from '../../booking/book-slot';
import { calendarDays } from '../../booking/calendar';
import { changeableBooking, rescheduleBooking, resendLinks } from '../../booking/change-booking';
import { loadServiceTimes } from '../../booking/free-times';
import { bookings } from '../../data/bookings';
import type { RequestContext } from '../context';
import { adminProcedure, router, staffProcedure } from '../trpc';

type StaffContext = RequestContext & { user: NonNullable<RequestContext['user']> };

/** How far ahead, and how soon, staff may book or move a time for a patient. */
export const STAFF_BOOKING_WINDOW = { days: 60, leadMinutes: 0 } as const;

const actor = (ctx: StaffContext) => ({ userId: ctx.user.id, ip: ctx.clientIp });
const staffBy = (ctx: StaffContext) => ({ kind: 'staff' as const, userId: ctx.user.id, ip: ctx.clientIp });

async function bookingOfRequest(ctx: StaffContext, requestId: number) {
  const booking = await bookings.forRequest(ctx.db, requestId);
  if (!booking) throw new TRPCError({ code: 'NOT_FOUND', message: BOOKING_NOT_FOUND_MESSAGE });
  return booking;
}

export const bookingStaffRouter = router({
  /** The availability page: agents read it too (to answer callers), only admins change it. */
  availability: staffProcedure.query(({ ctx }) => readAvailability(ctx, ctx.env.SUPPORT_HOLIDAYS)),

  addClinician: adminProcedure
    .input(addClinicianSchema)
    .mutation(({ ctx, input }) => addClinician(ctx, actor(ctx), input.name)),
  renameClinician: adminProcedure
    .input(renameClinicianSchema)
    .mutation(({ ctx, input }) => renameClinician(ctx, actor(ctx), input.clinicianId, input.name)),
  retireClinician: adminProcedure
    .input(clinicianIdSchema)
    .mutation(({ ctx, input }) => setClinicianActive(ctx, actor(ctx), input.clinicianId, false)),
  reactivateClinician: adminProcedure
    .input(clinicianIdSchema)
    .mutation(({ ctx, input }) => setClinicianActive(ctx, actor(ctx), input.clinicianId, true)),
  setService: adminProcedure.input(setServiceSchema).mutation(({ ctx, input }) => setService(ctx, actor(ctx), input)),
  removeService: adminProcedure
    .input(removeServiceSchema)
    .mutation(({ ctx, input }) => removeService(ctx, actor(ctx), input)),
  addHours: adminProcedure.input(addHoursSchema).mutation(({ ctx, input }) => addHours(ctx, actor(ctx), input)),
  removeHours: adminProcedure
    .input(hoursIdSchema)
    .mutation(({ ctx, input }) => removeHours(ctx, actor(ctx), input.hoursId)),
  addBlock: adminProcedure.input(addBlockSchema).mutation(({ ctx, input }) => addBlock(ctx, actor(ctx), input)),
  removeBlock: adminProcedure
    .input(blockIdSchema)
    .mutation(({ ctx, input }) => removeBlock(ctx, actor(ctx), input.blockId)),
  addClosure: adminProcedure.input(addClosureSchema).mutation(({ ctx, input }) => addClosure(ctx, actor(ctx), input)),
  removeClosure: adminProcedure
    .input(closureDateSchema)
    .mutation(({ ctx, input }) => removeClosure(ctx, actor(ctx), input.date)),

  /** The day (one clinician or all) or the week (one clinician), with booked and free times. */
  calendar: staffProcedure.input(calendarSchema).query(async ({ ctx, input }) => {
    const clinicians = await ctx.db
      .selectFrom('clinicians')
      .select(['id', 'name', 'active'])
      .orderBy('name')
      .orderBy('id')
      .execute();
    const view = input.clinicianId === null ? 'day' : input.view;
    return {
      clinicians: clinicians.map((row) => ({ id: row.id, name: row.name, active: row.active === 1 })),
      view,
      days: await calendarDays(ctx, { ...input, view }),
    };
  }),

  /** Books a free time for a caller (the front desk, on the phone). */
  book: staffProcedure.input(staffBookSchema).mutation(({ ctx, input }) => {
    const { clinicianId, ...rest } = input;
    return bookSlot(ctx, staffBy(ctx), { ...rest, wantsEarlier: false }, Date.now(), {
      ...STAFF_BOOKING_WINDOW,
      clinicianId,
    });
  }),

  setAttendance: staffProcedure
    .input(attendanceSchema)
    .mutation(({ ctx, input }) => markAttendance(ctx, actor(ctx), input)),

  /** The free times staff may move a booking to (60 days, no lead time). */
  freeSlots: staffProcedure.input(staffFreeSlotsSchema).query(async ({ ctx, input }) => {
    const times = await loadServiceTimes(ctx, input.service, Date.now(), STAFF_BOOKING_WINDOW);
    return times.slots.map((slot) => ({ startsAt: slot.startsAt, endsAt: slot.endsAt }));
  }),

  /** A request's booking for its page's panel, or null when it has none. */
  requestBooking: staffProcedure.input(requestBookingSchema).query(async ({ ctx, input }) => {
    const booking = await bookings.forRequest(ctx.db, input.requestId);
    if (!booking) return null;
    return {
      id: booking.id,
      service: booking.service,
      startsAt: Number(booking.starts_at),
      endsAt: Number(booking.ends_at),
      status: booking.status,
      attendance: booking.attendance,
      clinicianName: (await bookings.clinicianName(ctx.db, booking.clinician_id)) ?? '',
      videoLink: videoLinkOf(ctx, booking),
      bookedBy: booking.booked_by,
      upcoming: booking.status === 'booked' && Number(booking.starts_at) > Date.now(),
    };
  }),

  reschedule: staffProcedure.input(staffRescheduleSchema).mutation(async ({ ctx, input }) => {
    const found = await bookingOfRequest(ctx, input.requestId);
    const booking = await changeableBooking(ctx, found.id, { staff: true });
    return rescheduleBooking(ctx, staffBy(ctx), booking, input.slot, Date.now(), STAFF_BOOKING_WINDOW);
  }),

  resendLinks: staffProcedure.input(requestBookingSchema).mutation(async ({ ctx, input }) => {
    const found = await bookingOfRequest(ctx, input.requestId);
    const booking = await changeableBooking(ctx, found.id, { staff: true });
    await resendLinks(ctx, booking);
    await ctx.audit.record({
      type: 'booking.reschedule',
      actorUserId: ctx.user.id,
      ip: ctx.clientIp,
      subject: `request:${input.requestId}`,
      detail: { action: 'new links' },
    });
    return { ok: true as const };
  }),
});
