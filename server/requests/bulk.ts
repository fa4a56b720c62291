import { TRPCError } from '@trpc/server';
import {
  BULK_CONFIRM_APPOINTMENT_MESSAGE,
  BULK_MOVE_MESSAGE,
  OWNER_NOT_STAFF_MESSAGE,
  REQUEST_CHANGED_MESSAGE,
} from '../../shared/messages/staff-messages';
import { nextStatuses, requestStatusLabels, type InboxRow, type RequestStatus } from '../../shared/requests';
import type { Transaction } from 'kysely';
import { cancelBookingIn, isChangedFirst } from '../booking/change-booking';
import { bookings } from '../data/bookings';
import { mailOutbox } from '../data/mail-outbox';
import type { Database } from '../db/schema';
import { requests, type ChangedRequest } from '../data/requests';
import { staffMembers } from '../data/staff-members';
import { requestStatusMail } from '../mail/request-mails';
import { queueStatusText } from '../messaging/request-texts';
import { afterChange } from './after-change';
import { historyActor, requestNotFound, type ChangedBy, type RequestDeps } from './request-deps';

type Trx = Transaction<Database>;

/**
 * Bulk changes from the inbox (issue #29.7): every selected request in one transaction, all or nothing (one that
 * cannot move undoes the lot and is named), then each audited and announced like a single change.
 */
async function afterBulk(
  deps: RequestDeps,
  by: ChangedBy,
  changed: ChangedRequest[],
  audit: (row: ChangedRequest) => Parameters<typeof afterChange>[2],
): Promise<InboxRow[]> {
  const rows: InboxRow[] = [];
  for (const row of changed) rows.push(await afterChange(deps, by, audit(row), row));
  return rows;
}

export async function bulkAssign(
  deps: RequestDeps,
  by: ChangedBy,
  input: { ids: number[]; ownerId: number | null },
): Promise<InboxRow[]> {
  if (input.ownerId !== null && !(await staffMembers.isActive(deps.db, input.ownerId)))
    throw new TRPCError({ code: 'BAD_REQUEST', message: OWNER_NOT_STAFF_MESSAGE });
  const ids = [...new Set(input.ids)];
  const changed = await deps.writes.run(async (trx) => {
    const rows: ChangedRequest[] = [];
    for (const id of ids) {
      const row = await requests.assign(trx, id, input.ownerId, historyActor(by));
      if (!row) throw requestNotFound();
      rows.push(row);
    }
    return rows;
  });
  return afterBulk(deps, by, changed, () => ({
    type: 'request.assign',
    detail: { ownerId: input.ownerId, bulk: ids.length },
  }));
}

type Move = { row: ChangedRequest; from: RequestStatus };

/**
 * One request's step to `to` inside the bulk transaction: refused (undoing the lot) when it cannot go there; like a
 * single change, the first change of an unowned one claims it; its mail and text queued with it.
 */
async function moveOne(
  trx: Trx,
  deps: RequestDeps,
  by: ChangedBy,
  id: number,
  change: { to: RequestStatus; reason?: string },
): Promise<Move> {
  const request = await requests.find(trx, id);
  if (!request) throw requestNotFound();
  if (!nextStatuses[request.status].includes(change.to))
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: BULK_MOVE_MESSAGE(
        request.reference,
        requestStatusLabels[request.status],
        requestStatusLabels[change.to],
      ),
    });
  if (change.to === 'confirmed' && request.type === 'appointment')
    throw new TRPCError({ code: 'BAD_REQUEST', message: BULK_CONFIRM_APPOINTMENT_MESSAGE(request.reference) });
  // A booked time is cancelled with its booking, as from the request's page: its time freed and offered on.
  const booking = change.to === 'cancelled' && deps.booking ? await bookings.forRequest(trx, id) : undefined;
  if (booking?.status === 'booked' && deps.booking) {
    const staff = { kind: 'staff' as const, userId: by.userId, ip: by.ip };
    const row = await cancelBookingIn(
      trx,
      { ...deps, booking: deps.booking },
      staff,
      booking,
      change.reason!,
      Date.now(),
    );
    return { row, from: request.status };
  }
  const claim = by.kind === 'staff' ? { claimFor: by.userId, ownerBefore: request.owner_id } : {};
  const moved = await requests.setStatus(
    trx,
    id,
    { from: request.status, to: change.to, reason: change.reason ?? null, ...claim },
    historyActor(by),
  );
  if (!moved) throw requestNotFound();
  const mail = requestStatusMail(moved);
  if (mail) await mailOutbox.insert(trx, mail);
  await queueStatusText(deps.messaging, trx, moved);
  return { row: moved, from: request.status };
}

/** Every selected request moved to `to` in one transaction (all or none), then each audited and announced. */
async function bulkMove(
  deps: RequestDeps,
  by: ChangedBy,
  ids: number[],
  change: { to: RequestStatus; reason?: string },
): Promise<InboxRow[]> {
  const unique = [...new Set(ids)];
  // A booking's writer on PostgreSQL runs its transaction again when the database broke a deadlock over cells.
  const writer = deps.booking && change.to === 'cancelled' ? deps.booking.writer : deps.writes;
  let moves: Move[];
  try {
    moves = await writer.run(async (trx) => {
      const done: Move[] = [];
      for (const id of unique) done.push(await moveOne(trx, deps, by, id, change));
      return done;
    });
  } catch (error) {
    if (isChangedFirst(error)) throw new TRPCError({ code: 'CONFLICT', message: REQUEST_CHANGED_MESSAGE });
    throw error;
  }
  deps.mail.notifyQueued();
  deps.messaging.notifyQueued();
  deps.booking?.notifyReminders();
  const fromOf = new Map(moves.map((move) => [move.row.id, move.from]));
  return afterBulk(
    deps,
    by,
    moves.map((move) => move.row),
    (row) => ({ type: 'request.status', detail: { from: fromOf.get(row.id)!, to: change.to, bulk: unique.length } }),
  );
}

/** In progress, Confirmed or Done for every selected request. */
export const bulkSetStatus = (deps: RequestDeps, by: ChangedBy, input: { ids: number[]; status: RequestStatus }) =>
  bulkMove(deps, by, input.ids, { to: input.status });

/** Cancels every selected request with one reason, which goes to each patient; booked times are freed with them. */
export const bulkCancel = (deps: RequestDeps, by: ChangedBy, input: { ids: number[]; reason: string }) =>
  bulkMove(deps, by, input.ids, { to: 'cancelled', reason: input.reason });
