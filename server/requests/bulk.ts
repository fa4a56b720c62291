import { TRPCError } from '@trpc/server';
import {
  BULK_CONFIRM_APPOINTMENT_MESSAGE,
  BULK_MOVE_MESSAGE,
  OWNER_NOT_STAFF_MESSAGE,
} from '../../shared/messages/staff-messages';
import { nextStatuses, requestStatusLabels, type InboxRow, type RequestStatus } from '../../shared/requests';
import { mailOutbox } from '../data/mail-outbox';
import { requests, type ChangedRequest } from '../data/requests';
import { staffMembers } from '../data/staff-members';
import { requestStatusMail } from '../mail/request-mails';
import { queueStatusText } from '../messaging/request-texts';
import { afterChange } from './after-change';
import { historyActor, requestNotFound, type ChangedBy, type RequestDeps } from './request-deps';

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

/**
 * In progress, Confirmed or Done for every selected request; like a single change, the first change of an unowned one
 * claims it.
 */
export async function bulkSetStatus(
  deps: RequestDeps,
  by: ChangedBy,
  input: { ids: number[]; status: RequestStatus },
): Promise<InboxRow[]> {
  const ids = [...new Set(input.ids)];
  const moves: { row: ChangedRequest; from: RequestStatus }[] = await deps.writes.run(async (trx) => {
    const done: { row: ChangedRequest; from: RequestStatus }[] = [];
    for (const id of ids) {
      const request = await requests.find(trx, id);
      if (!request) throw requestNotFound();
      if (!nextStatuses[request.status].includes(input.status))
        throw new TRPCError({
          code: 'BAD_REQUEST',
          message: BULK_MOVE_MESSAGE(
            request.reference,
            requestStatusLabels[request.status],
            requestStatusLabels[input.status],
          ),
        });
      if (input.status === 'confirmed' && request.type === 'appointment')
        throw new TRPCError({ code: 'BAD_REQUEST', message: BULK_CONFIRM_APPOINTMENT_MESSAGE(request.reference) });
      const claim = by.kind === 'staff' ? { claimFor: by.userId, ownerBefore: request.owner_id } : {};
      const moved = await requests.setStatus(
        trx,
        id,
        { from: request.status, to: input.status, ...claim },
        historyActor(by),
      );
      if (!moved) throw requestNotFound();
      const mail = requestStatusMail(moved);
      if (mail) await mailOutbox.insert(trx, mail);
      await queueStatusText(deps.messaging, trx, moved);
      done.push({ row: moved, from: request.status });
    }
    return done;
  });
  deps.mail.notifyQueued();
  deps.messaging.notifyQueued();
  const fromOf = new Map(moves.map((move) => [move.row.id, move.from]));
  return afterBulk(
    deps,
    by,
    moves.map((move) => move.row),
    (row) => ({ type: 'request.status', detail: { from: fromOf.get(row.id)!, to: input.status, bulk: ids.length } }),
  );
}
