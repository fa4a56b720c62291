/**
 * Booking a real time (issue #28), public side: the free times of a service, and booking one. The booking goes
 * through the appointment form's rate limit, as it replaces that form for most patients.
 */
import { freeSlotsSchema, bookSlotSchema } from '../../../shared/schemas/booking';
import { bookSlot } from '../../booking/book-slot';
import { loadServiceTimes } from '../../booking/free-times';
import { appointmentServices } from '../../../shared/form-options';
import { bookings } from '../../data/bookings';
import { publicProcedure, router } from '../trpc';
import { formProcedure } from './forms';

export const bookingRouter = router({
  /** The services that can be booked online, in the form's order (appointmentServices). */
  services: publicProcedure.query(async ({ ctx }) => {
    const bookable = new Set(await bookings.bookableServices(ctx.db));
    return appointmentServices.filter((service) => bookable.has(service));
  }),

  /** The next 14 days' free times, earliest first; `bookable` is false when nobody offers the service online. */
  freeSlots: publicProcedure.input(freeSlotsSchema).query(async ({ ctx, input }) => {
    const times = await loadServiceTimes(ctx, input.service);
    return {
      bookable: times.bookable,
      slots: times.slots.map((slot) => ({ startsAt: slot.startsAt, endsAt: slot.endsAt })),
    };
  }),

  book: formProcedure('appointments')
    .input(bookSlotSchema)
    .mutation(({ ctx, input }) => bookSlot(ctx, { kind: 'patient', ip: ctx.clientIp }, input)),
});
