/**
 * The staff back office (issue #13): the inbox of requests, a request's page and its changes, and the newsletter
 * list. Agents and admins only (staffProcedure). Every write is one transaction in the app's write batcher (the
 * change, its history event and any e-mail to the patient together), then goes to the audit log and, once
 * committed, to every open inbox.
 */
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import {
  CANCEL_NEEDS_REASON_MESSAGE,
  CONFIRM_NEEDS_DATE_MESSAGE,
  assignSchema,
  inboxListSchema,
  nextStatuses,
  noteSchema,
  patientMessageSchema,
  requestIdSchema,
  requestStatusLabels,
  setStatusSchema,
  type InboxRow,
} from '../../../shared/requests';
import {
  OWNER_NOT_STAFF_MESSAGE,
  REQUEST_CHANGED_MESSAGE,
  REQUEST_NOT_FOUND_MESSAGE,
  STATUS_MOVE_MESSAGE,
} from '../../../shared/messages/staff-messages';
import { normalisePhone } from '../../../shared/phone';
import { mailOutbox } from '../../data/mail-outbox';
import { newsletter } from '../../data/newsletter';
import { requests } from '../../data/requests';
import { staffMembers } from '../../data/staff-members';
import { notifyMailQueued } from '../../mail/mail-queue';
import { requestStatusMail } from '../../mail/request-mails';
import { inboxQuery } from '../../staff/inbox-query';
import { submissionFields } from '../../staff/submission-fields';
import type { RequestContext } from '../context';
import { router, staffProcedure } from '../trpc';

type StaffContext = RequestContext & { user: NonNullable<RequestContext['user']> };

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: REQUEST_NOT_FOUND_MESSAGE });

/** After a committed change: the fresh row to every open inbox, and to the caller. */
async function announceChanged(ctx: StaffContext, id: number): Promise<InboxRow> {
  const row = await requests.row(ctx.db, id);
  if (!row) throw notFound();
  ctx.inboxEvents.announce({ kind: 'changed', row });
  return row;
}

const audit = (
  ctx: StaffContext,
  type: 'request.assign' | 'request.status' | 'request.note' | 'request.message',
  id: number,
  detail?: Record<string, string | number | boolean | null>,
) => ctx.audit.record({ type, actorUserId: ctx.user.id, ip: ctx.clientIp, subject: `request:${id}`, detail });

async function assignOwner(ctx: StaffContext, id: number, ownerId: number | null) {
  if (ownerId !== null && !(await staffMembers.isActive(ctx.db, ownerId)))
    throw new TRPCError({ code: 'BAD_REQUEST', message: OWNER_NOT_STAFF_MESSAGE });
  const done = await ctx.writes.run((trx) => requests.assign(trx, id, ownerId, { kind: 'staff', userId: ctx.user.id }));
  if (!done) throw notFound();
  await audit(ctx, 'request.assign', id, { ownerId });
  return announceChanged(ctx, id);
}

const newsletterListSchema = z.object({
  cursor: z.number().int().positive().optional(),
  search: z.string().trim().max(100, { error: 'Search must be 100 characters or fewer.' }).optional(),
});

export const staffRouter = router({
  /** The signed-in staff member (the app's header and 'Assign to me'). */
  me: staffProcedure.query(({ ctx }) => ({ id: ctx.user.id, fullName: ctx.user.fullName, role: ctx.user.role })),

  /** Active staff, for the owner filter and the assign list. */
  members: staffProcedure.query(({ ctx }) => staffMembers.listActive(ctx.db)),

  inbox: staffProcedure.input(inboxListSchema).query(({ ctx, input }) => {
    const { cursor, limit, ...filter } = input;
    return requests.list(ctx.db, inboxQuery(filter), { viewerId: ctx.user.id, cursor, limit });
  }),

  /** Requests still New: the navigation badge and the tab title. */
  newCount: staffProcedure.query(({ ctx }) => requests.countNew(ctx.db)),

  request: staffProcedure.input(requestIdSchema).query(async ({ ctx, input }) => {
    const request = await requests.find(ctx.db, input.id);
    if (!request) throw notFound();
    const [row, submission, events] = await Promise.all([
      requests.row(ctx.db, input.id),
      requests.submission(ctx.db, request.type, request.submission_id),
      requests.events(ctx.db, input.id),
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
    };
  }),

  claim: staffProcedure.input(requestIdSchema).mutation(({ ctx, input }) => assignOwner(ctx, input.id, ctx.user.id)),

  assign: staffProcedure.input(assignSchema).mutation(({ ctx, input }) => assignOwner(ctx, input.id, input.ownerId)),

  setStatus: staffProcedure.input(setStatusSchema).mutation(async ({ ctx, input }) => {
    const request = await requests.find(ctx.db, input.id);
    if (!request) throw notFound();
    if (!nextStatuses[request.status].includes(input.status))
      throw new TRPCError({
        code: 'BAD_REQUEST',
        message: STATUS_MOVE_MESSAGE(requestStatusLabels[request.status], requestStatusLabels[input.status]),
      });
    const needsDate = input.status === 'confirmed' && request.type === 'appointment';
    if (needsDate && (!input.confirmedDate || !input.confirmedTime))
      throw new TRPCError({ code: 'BAD_REQUEST', message: CONFIRM_NEEDS_DATE_MESSAGE });
    if (input.status === 'cancelled' && !input.reason)
      throw new TRPCError({ code: 'BAD_REQUEST', message: CANCEL_NEEDS_REASON_MESSAGE });

    const changed = await ctx.writes.run(async (trx) => {
      const moved = await requests.setStatus(
        trx,
        input.id,
        {
          from: request.status,
          to: input.status,
          confirmedFor: needsDate ? `${input.confirmedDate}T${input.confirmedTime}` : null,
          reason: input.reason ?? null,
          message: input.message ?? null,
        },
        { kind: 'staff', userId: ctx.user.id },
      );
      if (!moved) return false;
      const mail = requestStatusMail((await requests.find(trx, input.id))!);
      if (mail) await mailOutbox.insert(trx, mail);
      return true;
    });
    if (!changed) throw new TRPCError({ code: 'CONFLICT', message: REQUEST_CHANGED_MESSAGE });
    notifyMailQueued();
    await audit(ctx, 'request.status', input.id, { from: request.status, to: input.status });
    return announceChanged(ctx, input.id);
  }),

  /** An internal note: never shown to the patient. */
  addNote: staffProcedure.input(noteSchema).mutation(async ({ ctx, input }) => {
    if (!(await requests.find(ctx.db, input.id))) throw notFound();
    await ctx.writes.run((trx) => requests.addNote(trx, input.id, input.body, { kind: 'staff', userId: ctx.user.id }));
    await audit(ctx, 'request.note', input.id);
    return announceChanged(ctx, input.id);
  }),

  /** The message the patient sees under 'My requests'. */
  messagePatient: staffProcedure.input(patientMessageSchema).mutation(async ({ ctx, input }) => {
    if (!(await requests.find(ctx.db, input.id))) throw notFound();
    await ctx.writes.run((trx) =>
      requests.setPatientMessage(trx, input.id, input.body, { kind: 'staff', userId: ctx.user.id }),
    );
    await audit(ctx, 'request.message', input.id);
    return announceChanged(ctx, input.id);
  }),

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
