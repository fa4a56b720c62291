import { TRPCError } from '@trpc/server';
import { OWNER_NOT_STAFF_MESSAGE } from '../../shared/messages/staff-messages';
import type { InboxRow } from '../../shared/requests';
import { requests } from '../data/requests';
import { staffMembers } from '../data/staff-members';
import { afterChange } from './after-change';
import { historyActor, requestNotFound, type ChangedBy, type RequestDeps } from './request-deps';

/** Gives the request to an active staff member (null: nobody), in its history, audited and announced. */
export async function assignRequest(
  deps: RequestDeps,
  by: ChangedBy,
  id: number,
  ownerId: number | null,
): Promise<InboxRow> {
  if (ownerId !== null && !(await staffMembers.isActive(deps.db, ownerId)))
    throw new TRPCError({ code: 'BAD_REQUEST', message: OWNER_NOT_STAFF_MESSAGE });
  const changed = await deps.writes.run((trx) => requests.assign(trx, id, ownerId, historyActor(by)));
  if (!changed) throw requestNotFound();
  return afterChange(deps, by, { type: 'request.assign', detail: { ownerId } }, changed);
}
