/**
 * Texts to patients for staff (issue #27.2): the Messages page (every SMS and WhatsApp message, filtered, 50 a page),
 * a request's texts with its number's consent, and 'Stop texts to this number' for a patient who asked on the phone.
 * Agents and admins only; mounted as `staff.messages`.
 */
import { TRPCError } from '@trpc/server';
import { messageListSchema, withdrawConsentSchema } from '../../../shared/messaging/staff-messages';
import { requestIdSchema } from '../../../shared/requests';
import { requests } from '../../data/requests';
import { withdrawConsent } from '../../messaging/provider-events';
import { requestNotFound } from '../../requests/request-deps';
import { listMessageRows, requestTexts } from '../../staff/message-rows';
import { router, staffProcedure } from '../trpc';

const NO_PHONE_MESSAGE = 'This request has no phone number to stop texts to.';

export const messagesRouter = router({
  /** The drivers in use: with the sink alone, the page says nothing left the server. */
  driver: staffProcedure.query(({ ctx }) => [...ctx.env.MESSAGING_DRIVER]),

  list: staffProcedure.input(messageListSchema).query(({ ctx, input }) => listMessageRows(ctx.db, input)),

  forRequest: staffProcedure.input(requestIdSchema).query(async ({ ctx, input }) => {
    const request = await requests.find(ctx.db, input.id);
    if (!request) throw requestNotFound();
    return requestTexts(ctx.db, request);
  }),

  /** A patient's 'stop texting me' said on the phone: recorded as theirs, by this staff member, and audited. */
  withdrawConsent: staffProcedure.input(withdrawConsentSchema).mutation(async ({ ctx, input }) => {
    const request = await requests.find(ctx.db, input.requestId);
    if (!request) throw requestNotFound();
    if (!request.phone_e164) throw new TRPCError({ code: 'BAD_REQUEST', message: NO_PHONE_MESSAGE });
    const before = await requestTexts(ctx.db, request);
    // Already off (a page left open since): nothing more to record.
    if (before.consent?.[input.channel]?.granted)
      await withdrawConsent(ctx, {
        phoneE164: request.phone_e164,
        channel: input.channel,
        source: 'staff',
        userId: ctx.user.id,
        requestId: request.id,
      });
    return requestTexts(ctx.db, request);
  }),
});
