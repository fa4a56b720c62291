/**
 * A patient's own requests (issue #13): what they sent with their confirmed address (ignoring case), its status and
 * the staff's message, never internal notes or who handles it. A patient may cancel their own appointment until staff
 * confirm it. Someone else's request, or an id that does not exist, answers the same NOT_FOUND: ids cannot be probed.
 */
import { CONFIRM_EMAIL_FIRST_MESSAGE } from '../../../shared/messages/staff-messages';
import { patientMayCancel, requestIdSchema } from '../../../shared/requests';
import { requests } from '../../data/requests';
import { users } from '../../data/users';
import { messageConsentChangeSchema } from '../../../shared/schemas/message-consent';
import { patientMessageConsents, setPatientMessageConsent } from '../../requests/patient-consents';
import { cancelOwnRequest } from '../../requests/set-status';
import { protectedProcedure, router } from '../trpc';
import { TRPCError } from '@trpc/server';
import { issueOwnerLink, upcomingAppointments } from '../../booking/owner-links';
import { appointmentLinkSchema } from '../../../shared/schemas/appointment-link';
import { BOOKING_NOT_FOUND_MESSAGE } from '../../../shared/messages/booking-messages';
import { APPOINTMENT_CHANGED_MESSAGE } from '../../../shared/forms/booking-forms';

export const patientRouter = router({
  requests: protectedProcedure.query(async ({ ctx }) => {
    const account = await users.findById(ctx.db, ctx.user.id);
    if (!account?.email_confirmed_at)
      return { confirmed: false as const, message: CONFIRM_EMAIL_FIRST_MESSAGE, requests: [], appointments: [] };
    const rows = await requests.forEmail(ctx.db, account.email);
    return {
      confirmed: true as const,
      message: null,
      /** Booked times that have not started (issue #28.7), soonest first. */
      appointments: await upcomingAppointments(ctx, account.email),
      requests: rows.map((row) => ({
        id: row.id,
        reference: row.reference,
        type: row.type,
        subject: row.subject,
        requestedDate: row.requested_date,
        status: row.status,
        confirmedFor: row.confirmed_for,
        staffMessage: row.patient_message,
        cancelReason: row.cancel_reason,
        createdAt: row.created_at,
        mayCancel: patientMayCancel(row.type, row.status),
      })),
    };
  }),

  cancelRequest: protectedProcedure.input(requestIdSchema).mutation(async ({ ctx, input }) => {
    await cancelOwnRequest(ctx, { kind: 'patient', userId: ctx.user.id, ip: ctx.clientIp }, input.id);
    return { ok: true as const };
  }),

  /**
   * 'Choose another time' or 'Cancel appointment' under Upcoming appointments (issue #28.7): a fresh single-use link
   * for the patient's own booking (the e-mailed links stop working), answered as the page's path to go to.
   */
  appointmentLink: protectedProcedure.input(appointmentLinkSchema).mutation(async ({ ctx, input }) => {
    const account = await users.findById(ctx.db, ctx.user.id);
    const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: BOOKING_NOT_FOUND_MESSAGE });
    if (!account?.email_confirmed_at) throw notFound();
    // A link used or issued between the read and the write: read again once, then say so.
    let link = await issueOwnerLink(ctx, account.email, input.id);
    if (link.kind === 'changed') link = await issueOwnerLink(ctx, account.email, input.id);
    if (link.kind === 'not-found') throw notFound();
    if (link.kind === 'changed') throw new TRPCError({ code: 'CONFLICT', message: APPOINTMENT_CHANGED_MESSAGE });
    const url = new URL(ctx.booking.manageLinks(link.token)[input.action]);
    return { location: `${url.pathname}${url.search}` };
  }),

  /** 'Updates on your phone' on the account page (issue #27.5): each number on the patient's own requests. */
  messageConsents: protectedProcedure.query(({ ctx }) => patientMessageConsents(ctx, ctx.user.id)),

  setMessageConsent: protectedProcedure
    .input(messageConsentChangeSchema)
    .mutation(({ ctx, input }) => setPatientMessageConsent(ctx, ctx.user.id, input)),
});
