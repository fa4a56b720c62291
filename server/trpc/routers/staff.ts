/**
 * The staff back office (issue #13): the inbox of requests, a request's page and its changes, and the newsletter
 * list. Agents and admins only (staffProcedure). Every write is a workflow in server/requests/: one transaction in the
 * app's write batcher (the change, its history event and any e-mail to the patient together), then the audit log and,
 * once committed, every open inbox.
 */
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import {
  assignSchema,
  bulkAssignSchema,
  bulkCancelSchema,
  bulkStatusSchema,
  callLogSchema,
  claimSchema,
  inboxListSchema,
  nextStatuses,
  noteSchema,
  patientMessageSchema,
  preferredSlotStart,
  requestIdSchema,
  setStatusSchema,
} from '../../../shared/requests';
import { normalisePhone } from '../../../shared/phone';
import { newsletter } from '../../data/newsletter';
import { requests } from '../../data/requests';
import { staffMembers } from '../../data/staff-members';
import { assignRequest, claimRequest } from '../../requests/assign';
import { bulkAssign, bulkCancel, bulkSetStatus } from '../../requests/bulk';
import { logCall } from '../../requests/call-log';
import { reopenRequest } from '../../requests/reopen';
import { messagePatient } from '../../requests/message';
import { addRequestNote } from '../../requests/note';
import { requestNotFound, type ChangedBy } from '../../requests/request-deps';
import { setRequestStatus } from '../../requests/set-status';
import { inboxQuery } from '../../staff/inbox-query';
import { submissionFields } from '../../staff/submission-fields';
import type { RequestContext } from '../context';
import { adminProcedure, router, staffProcedure } from '../trpc';
import { messagesRouter } from './messages';
import { patientPanelProcedure } from './patient-panel';
import { staffAlertsRouter } from './staff-alerts';

type StaffContext = RequestContext & { user: NonNullable<RequestContext['user']> };

/** The staff member making the change, for the request's history and the audit log. */
const staffBy = (ctx: StaffContext): ChangedBy => ({ kind: 'staff', userId: ctx.user.id, ip: ctx.clientIp });

const newsletterListSchema = z.object({
  cursor: z.number().int().positive().optional(),
  search: z.string().trim().max(100, { error: 'Search must be 100 characters or fewer.' }).optional(),
});

export const staffRouter = router({
  /** The signed-in staff member (the app's header and 'Assign to me'). */
  me: staffProcedure.query(({ ctx }) => ({ id: ctx.user.id, fullName: ctx.user.fullName, role: ctx.user.role })),

  /** Active staff, for the owner filter and the assign list. */
  members: staffProcedure.query(({ ctx }) => staffMembers.listActive(ctx.db)),

  /** A page of the inbox, with the response target its rows are measured against (issue #29.6). */
  inbox: staffProcedure.input(inboxListSchema).query(async ({ ctx, input }) => {
    const { cursor, limit, ...filter } = input;
    const page = await requests.list(ctx.db, inboxQuery(filter), { viewerId: ctx.user.id, cursor, limit });
    // The public holidays are in shared/; only the clinic's own closed days travel.
    return {
      ...page,
      responseTargetHours: ctx.env.REQUEST_RESPONSE_TARGET_HOURS,
      extraClosedDates: ctx.env.SUPPORT_HOLIDAYS,
    };
  }),

  /** The person behind a conversation or a request, with their other requests and conversations (issue #29.4). */
  patientPanel: patientPanelProcedure,

  /** Requests still New: the navigation badge and the tab title. */
  newCount: staffProcedure.query(({ ctx }) => requests.countNew(ctx.db)),

  request: staffProcedure.input(requestIdSchema).query(async ({ ctx, input }) => {
    const request = await requests.find(ctx.db, input.id);
    if (!request) throw requestNotFound();
    const [row, submission, events, calls] = await Promise.all([
      requests.row(ctx.db, input.id),
      requests.submission(ctx.db, request.type, request.submission_id),
      requests.events(ctx.db, input.id),
      requests.calls(ctx.db, input.id),
    ]);
    const phone = normalisePhone(request.phone_e164);
    return {
      row: row!,
      email: request.email,
      phone: request.phone,
      /** For the page's tel: link, and its WhatsApp link when the number can be a mobile. */
      phoneE164: phone?.e164 ?? null,
      phoneMobile: phone?.mobile ?? false,
      confirmedFor: request.confirmed_for,
      /** What Confirm is prefilled with (issue #29.5): the patient's preferred date and the start of their slot. */
      preferred: {
        date: request.type === 'appointment' ? request.requested_date : null,
        time: request.type === 'appointment' ? preferredSlotStart(submission?.preferred_time as string | null) : null,
      },
      patientMessage: request.patient_message,
      cancelReason: request.cancel_reason,
      anonymised: request.anonymised_at !== null,
      fields: submission ? submissionFields(request.type, submission) : [],
      nextStatuses: nextStatuses[request.status],
      events: events.map((event) => ({
        id: event.id,
        kind: event.kind,
        actorKind: event.actor_kind,
        actorName: event.actor_name ?? null,
        fromStatus: event.from_status,
        toStatus: event.to_status,
        ownerName: event.owner_name ?? null,
        body: event.body,
        createdAt: event.created_at,
      })),
      calls: calls.map((call) => ({
        id: call.id,
        outcome: call.outcome,
        nextTryFor: call.next_try_for,
        actorName: call.actor_name ?? null,
        createdAt: call.created_at,
      })),
    };
  }),

  /** Take the request; from a colleague only with `takeOverFrom` naming them (issue #29.5). */
  claim: staffProcedure
    .input(claimSchema)
    .mutation(({ ctx, input }) =>
      claimRequest(ctx, { ...staffBy(ctx), fullName: ctx.user.fullName }, input.id, input.takeOverFrom),
    ),

  /** An admin reopens a Done or Cancelled request (issue #29.5). */
  reopen: adminProcedure
    .input(requestIdSchema)
    .mutation(({ ctx, input }) => reopenRequest(ctx, staffBy(ctx), input.id)),

  /** Bulk changes from the inbox (issue #29.7): one transaction, each request audited. */
  bulkAssign: staffProcedure.input(bulkAssignSchema).mutation(({ ctx, input }) => bulkAssign(ctx, staffBy(ctx), input)),
  bulkSetStatus: staffProcedure
    .input(bulkStatusSchema)
    .mutation(({ ctx, input }) => bulkSetStatus(ctx, staffBy(ctx), input)),
  bulkCancel: staffProcedure.input(bulkCancelSchema).mutation(({ ctx, input }) => bulkCancel(ctx, staffBy(ctx), input)),

  /** A call to the patient in the call log (issue #29.7). */
  logCall: staffProcedure.input(callLogSchema).mutation(({ ctx, input }) => logCall(ctx, staffBy(ctx), input)),

  assign: staffProcedure
    .input(assignSchema)
    .mutation(({ ctx, input }) => assignRequest(ctx, staffBy(ctx), input.id, input.ownerId)),

  setStatus: staffProcedure
    .input(setStatusSchema)
    .mutation(({ ctx, input }) => setRequestStatus(ctx, staffBy(ctx), input)),

  /** An internal note: never shown to the patient. */
  addNote: staffProcedure.input(noteSchema).mutation(({ ctx, input }) => addRequestNote(ctx, staffBy(ctx), input)),

  /** The message the patient sees under 'My requests'. */
  messagePatient: staffProcedure
    .input(patientMessageSchema)
    .mutation(({ ctx, input }) => messagePatient(ctx, staffBy(ctx), input)),

  /** Texts to patients (issue #27): the Messages page and a request's texts. */
  messages: messagesRouter,
  alerts: staffAlertsRouter,

  newsletter: router({
    list: staffProcedure
      .input(newsletterListSchema)
      .query(({ ctx, input }) => newsletter.list(ctx.db, { cursor: input.cursor, search: input.search, limit: 50 })),

    unsubscribe: staffProcedure.input(requestIdSchema).mutation(async ({ ctx, input }) => {
      const removed = await newsletter.remove(ctx.db, input.id);
      if (!removed) throw new TRPCError({ code: 'NOT_FOUND', message: 'That subscription does not exist.' });
      await ctx.audit.record({
        type: 'newsletter.unsubscribe',
        actorUserId: ctx.user.id,
        ip: ctx.clientIp,
        email: removed.email,
        subject: `subscription:${input.id}`,
      });
      return { ok: true as const };
    }),
  }),
});
