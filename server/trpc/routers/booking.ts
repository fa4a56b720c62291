/**
 * Booking a real time (issue #28), public side: the free times of a service, and booking one. The booking goes
 * through the appointment form's rate limit, as it replaces that form for most patients. The link procedures
 * (issue #28.4, #28.6) go through the same per-IP limit, so a link's token cannot be guessed at speed.
 */
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { lagosWallClockOf } from '../../../shared/booking/free-slots';
import { officeAddressLine } from '../../../shared/brand';
import {
  LINK_USED_MESSAGE,
  OFFER_GONE_MESSAGE,
  PATIENT_BOOKING_CANCEL_REASON,
} from '../../../shared/messages/booking-messages';
import {
  bookSlotSchema,
  cancelByLinkSchema,
  freeSlotsSchema,
  manageTokenShape,
  rescheduleByLinkSchema,
} from '../../../shared/schemas/booking';
import { bookSlot, videoLinkOf, type BookingDeps } from '../../booking/book-slot';
import { cancelBooking, changeableBooking, rescheduleBooking } from '../../booking/change-booking';
import { loadServiceTimes } from '../../booking/free-times';
import { closeOffersOf, offerByToken } from '../../booking/waitlist';
import { appointmentServices } from '../../../shared/form-options';
import type { LinkAppointment } from '../../../shared/forms/appointment-links';
import { bookings, type BookingRow } from '../../data/bookings';
import { requests } from '../../data/requests';
import { publicProcedure, router } from '../trpc';
import { formProcedure } from './forms';

/** Every link procedure: the appointment form's per-IP limit. */
const linkProcedure = formProcedure('appointments');

const manageSchema = z.object({ token: manageTokenShape, withTimes: z.boolean().optional() });

/** What a link page shows of an appointment: nothing the link's holder could not read in the e-mail. */
async function appointmentOf(ctx: BookingDeps, booking: BookingRow): Promise<LinkAppointment> {
  const request = await requests.find(ctx.db, booking.request_id);
  const videoLink = videoLinkOf(ctx, booking);
  return {
    reference: request?.reference ?? '',
    service: booking.service,
    startsAt: Number(booking.starts_at),
    endsAt: Number(booking.ends_at),
    when: lagosWallClockOf(Number(booking.starts_at)),
    clinician: (await bookings.clinicianName(ctx.db, booking.clinician_id)) ?? '',
    videoLink,
    address: videoLink ? null : officeAddressLine,
  };
}

const offerGone = () => new TRPCError({ code: 'CONFLICT', message: OFFER_GONE_MESSAGE });
const linkUsed = () => new TRPCError({ code: 'NOT_FOUND', message: LINK_USED_MESSAGE });

/**
 * The offer a link names, still open, with the booking it would move; refused with the reason. Reads only: a GET of
 * the page must change nothing (mail scanners open links).
 */
async function openOffer(ctx: BookingDeps, token: string, now = Date.now()) {
  const offer = await offerByToken(ctx.db, token);
  if (!offer) throw linkUsed();
  if (offer.status === 'taken') throw linkUsed();
  if (offer.status === 'gone') throw offerGone();
  const booking = await bookings.find(ctx.db, offer.booking_id);
  // Cancelled, moved into this time or earlier already, or started: the offer is of no use now.
  if (!booking || booking.status !== 'booked' || Number(booking.starts_at) <= Number(offer.starts_at)) throw linkUsed();
  if (Number(booking.starts_at) <= now) throw linkUsed();
  const times = await loadServiceTimes(ctx, booking.service, now);
  const free = times.slots.some(
    (slot) => slot.startsAt === Number(offer.starts_at) && slot.clinicianIds.includes(offer.clinician_id),
  );
  return { offer, booking, free };
}

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

  /**
   * The appointment a reschedule or cancel link names and, with `withTimes`, the free times it may move to (its own
   * time left out). A used, replaced or unknown token: NOT_FOUND with LINK_USED_MESSAGE.
   */
  manage: linkProcedure.input(manageSchema).query(async ({ ctx, input }) => {
    const booking = await changeableBooking(ctx, null, { token: input.token });
    const appointment = await appointmentOf(ctx, booking);
    if (!input.withTimes) return { appointment, slots: [] };
    const times = await loadServiceTimes(ctx, booking.service);
    return {
      appointment,
      slots: times.slots
        .filter((slot) => slot.startsAt !== appointment.startsAt)
        .map((slot) => ({ startsAt: slot.startsAt, endsAt: slot.endsAt })),
    };
  }),

  /** Moves the appointment with the link: done, or the time was taken meanwhile and the 3 nearest come back. */
  rescheduleByLink: linkProcedure.input(rescheduleByLinkSchema).mutation(async ({ ctx, input }) => {
    const booking = await changeableBooking(ctx, null, { token: input.token });
    return rescheduleBooking(ctx, { kind: 'patient', ip: ctx.clientIp }, booking, input.slot);
  }),

  /** Cancels the appointment with the link; asks nothing else. */
  cancelByLink: linkProcedure.input(cancelByLinkSchema).mutation(async ({ ctx, input }) => {
    const booking = await changeableBooking(ctx, null, { token: input.token });
    const request = await cancelBooking(
      ctx,
      { kind: 'patient', ip: ctx.clientIp },
      booking,
      PATIENT_BOOKING_CANCEL_REASON,
    );
    return { cancelled: true as const, reference: request.reference };
  }),

  /**
   * A waitlist offer: the earlier time and the appointment it would replace. Gone (taken by another, or booked by
   * someone meanwhile): CONFLICT with OFFER_GONE_MESSAGE.
   */
  offer: linkProcedure.input(cancelByLinkSchema).query(async ({ ctx, input }) => {
    const { offer, booking, free } = await openOffer(ctx, input.token);
    if (!free) throw offerGone();
    return {
      offered: { startsAt: Number(offer.starts_at), when: lagosWallClockOf(Number(offer.starts_at)) },
      appointment: await appointmentOf(ctx, booking),
    };
  }),

  /**
   * Takes the offered time: a reschedule into it, so the first to accept gets it (the cells' primary key decides).
   * The other open offers of that time are then gone, and their patients told.
   */
  takeOffer: linkProcedure.input(cancelByLinkSchema).mutation(async ({ ctx, input }) => {
    const now = Date.now();
    const { offer, booking } = await openOffer(ctx, input.token, now);
    const time = { clinicianId: offer.clinician_id, startsAt: Number(offer.starts_at), service: booking.service };
    let result: Awaited<ReturnType<typeof rescheduleBooking>> | null = null;
    try {
      result = await rescheduleBooking(ctx, { kind: 'patient', ip: ctx.clientIp }, booking, time.startsAt, now);
    } catch (error) {
      // No longer one of the free times (too close now, or the clinic closed that day): gone as well.
      if (!(error instanceof TRPCError) || error.code !== 'BAD_REQUEST') throw error;
    }
    const taken = result?.moved === true;
    const told = await ctx.booking.write((trx) => closeOffersOf(trx, ctx, time, taken ? offer.id : null, now));
    if (told) {
      ctx.mail.notifyQueued();
      ctx.messaging.notifyQueued();
    }
    if (!result?.moved) throw offerGone();
    return { moved: true as const, reference: result.reference, startsAt: result.startsAt };
  }),
});
