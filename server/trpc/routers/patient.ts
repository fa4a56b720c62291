/**
 * A patient's own requests (issue #13): what they sent with their confirmed address (ignoring case), its status and
 * the staff's message, never internal notes or who handles it. A patient may cancel their own appointment until staff
 * confirm it. Someone else's request, or an id that does not exist, answers the same NOT_FOUND: ids cannot be probed.
 */
import { TRPCError } from '@trpc/server';
import {
  CONFIRM_EMAIL_FIRST_MESSAGE,
  PATIENT_CANNOT_CANCEL_MESSAGE,
  REQUEST_CHANGED_MESSAGE,
  REQUEST_NOT_FOUND_MESSAGE,
} from '../../../shared/messages/staff-messages';
import { PATIENT_CANCEL_REASON, patientMayCancel, requestIdSchema } from '../../../shared/requests';
import { mailOutbox } from '../../data/mail-outbox';
import { requests } from '../../data/requests';
import { users } from '../../data/users';
import { notifyMailQueued } from '../../mail/mail-queue';
import { requestStatusMail } from '../../mail/request-mails';
import { protectedProcedure, router } from '../trpc';

export const patientRouter = router({
  requests: protectedProcedure.query(async ({ ctx }) => {
    const account = await users.findById(ctx.db, ctx.user.id);
    if (!account?.email_confirmed_at)
      return { confirmed: false as const, message: CONFIRM_EMAIL_FIRST_MESSAGE, requests: [] };
    const rows = await requests.forEmail(ctx.db, account.email);
    return {
      confirmed: true as const,
      message: null,
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
    const account = await users.findById(ctx.db, ctx.user.id);
    const request = await requests.find(ctx.db, input.id);
    const own =
      account?.email_confirmed_at &&
      request &&
      !request.anonymised_at &&
      request.email.toLowerCase() === account.email.toLowerCase();
    if (!own) throw new TRPCError({ code: 'NOT_FOUND', message: REQUEST_NOT_FOUND_MESSAGE });
    if (!patientMayCancel(request.type, request.status))
      throw new TRPCError({ code: 'BAD_REQUEST', message: PATIENT_CANNOT_CANCEL_MESSAGE });
    const cancelled = await ctx.writes.run(async (trx) => {
      const moved = await requests.setStatus(
        trx,
        request.id,
        { from: request.status, to: 'cancelled', reason: PATIENT_CANCEL_REASON },
        { kind: 'patient' },
      );
      if (!moved) return false;
      const mail = requestStatusMail((await requests.find(trx, request.id))!);
      if (mail) await mailOutbox.insert(trx, mail);
      return true;
    });
    if (!cancelled) throw new TRPCError({ code: 'CONFLICT', message: REQUEST_CHANGED_MESSAGE });
    notifyMailQueued();
    await ctx.audit.record({
      type: 'request.patient_cancel',
      actorUserId: ctx.user.id,
      ip: ctx.clientIp,
      subject: `request:${request.id}`,
    });
    const row = await requests.row(ctx.db, request.id);
    if (row) ctx.inboxEvents.announce({ kind: 'changed', row });
    return { ok: true as const };
  }),
});
