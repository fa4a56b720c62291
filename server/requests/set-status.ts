import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import {
  CONFIRM_NEEDS_DATE_MESSAGE,
  CANCEL_NEEDS_REASON_MESSAGE,
  PATIENT_CANCEL_REASON,
  nextStatuses,
  patientMayCancel,
  requestStatusLabels,
  type InboxRow,
  type RequestStatus,
  type setStatusSchema,
} from '../../shared/requests';
import {
  PATIENT_CANNOT_CANCEL_MESSAGE,
  REQUEST_CHANGED_MESSAGE,
  STATUS_MOVE_MESSAGE,
} from '../../shared/messages/staff-messages';
import type { AuditEvent } from '../audit/audit-log';
import { mailOutbox } from '../data/mail-outbox';
import { bookings } from '../data/bookings';
import { requests, toInboxRow } from '../data/requests';
import { cancelBooking } from '../booking/change-booking';
import { users } from '../data/users';
import { requestStatusMail, type RequestRow } from '../mail/request-mails';
import { queueStatusText } from '../messaging/request-texts';
import { afterChange } from './after-change';
import { historyActor, requestNotFound, type ChangedBy, type RequestDeps } from './request-deps';

type StatusChange = {
  to: RequestStatus;
  confirmedFor?: string | null;
  reason?: string | null;
  message?: string | null;
};

/**
 * One move, compare-and-set on the status `request` was read with: the change, its history and any mail to the
 * patient in one transaction (CONFLICT when someone moved it first), then the mail worker is woken, the move audited
 * and announced.
 */
async function moveStatus(
  deps: RequestDeps,
  by: ChangedBy,
  request: RequestRow,
  change: StatusChange,
  audit: { type: AuditEvent['type']; detail?: AuditEvent['detail'] },
): Promise<InboxRow> {
  const changed = await deps.writes.run(async (trx) => {
    // A staff member's first change of an unowned request claims it (issue #29.5): no separate Claim step.
    const claim = by.kind === 'staff' ? { claimFor: by.userId, ownerBefore: request.owner_id } : {};
    const moved = await requests.setStatus(
      trx,
      request.id,
      { from: request.status, ...change, ...claim },
      historyActor(by),
    );
    if (!moved) return undefined;
    const mail = requestStatusMail(moved);
    if (mail) await mailOutbox.insert(trx, mail);
    await queueStatusText(deps.messaging, trx, moved);
    return moved;
  });
  if (!changed) throw new TRPCError({ code: 'CONFLICT', message: REQUEST_CHANGED_MESSAGE });
  deps.mail.notifyQueued();
  deps.messaging.notifyQueued();
  return afterChange(deps, by, audit, changed);
}

/** A staff move along the allowed paths: confirming an appointment needs its date and time, cancelling a reason. */
export async function setRequestStatus(
  deps: RequestDeps,
  by: ChangedBy,
  input: z.output<typeof setStatusSchema>,
): Promise<InboxRow> {
  const request = await requests.find(deps.db, input.id);
  if (!request) throw requestNotFound();
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
  // A booked time (issue #28) is cancelled with its booking: its time freed, its calendar event removed.
  const booking =
    input.status === 'cancelled' && deps.booking ? await bookings.forRequest(deps.db, request.id) : undefined;
  if (booking?.status === 'booked' && deps.booking) {
    const cancelled = await cancelBooking({ ...deps, booking: deps.booking }, by, booking, input.reason!, Date.now(), {
      message: input.message ?? null,
    });
    return toInboxRow(cancelled);
  }
  return moveStatus(
    deps,
    by,
    request,
    {
      to: input.status,
      confirmedFor: needsDate ? `${input.confirmedDate}T${input.confirmedTime}` : null,
      reason: input.reason ?? null,
      message: input.message ?? null,
    },
    { type: 'request.status', detail: { from: request.status, to: input.status } },
  );
}

/**
 * A patient cancels their own request (sent with their confirmed address, not anonymised) while it may still be
 * cancelled. Someone else's request and an id that does not exist answer the same NOT_FOUND: ids cannot be probed.
 */
export async function cancelOwnRequest(deps: RequestDeps, by: ChangedBy, id: number): Promise<InboxRow> {
  const account = await users.findById(deps.db, by.userId);
  const request = await requests.find(deps.db, id);
  const own =
    account?.email_confirmed_at &&
    request &&
    !request.anonymised_at &&
    request.email.toLowerCase() === account.email.toLowerCase();
  if (!own) throw requestNotFound();
  if (!patientMayCancel(request.type, request.status))
    throw new TRPCError({ code: 'BAD_REQUEST', message: PATIENT_CANNOT_CANCEL_MESSAGE });
  return moveStatus(
    deps,
    by,
    request,
    { to: 'cancelled', reason: PATIENT_CANCEL_REASON },
    {
      type: 'request.patient_cancel',
    },
  );
}
