import { TRPCError } from '@trpc/server';
import { OWNER_NOT_STAFF_MESSAGE } from '../../shared/messages/staff-messages';
import { TAKEN_OVER_BODY, TAKE_OVER_QUESTION, type InboxRow } from '../../shared/requests';
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

/**
 * 'Claim' (issue #29.5): the caller takes the request. From a colleague only when the caller saw that colleague as the
 * owner and agreed to take over (`takeOverFrom`); otherwise CONFLICT asks the question again with the current owner's
 * name. A take-over says so in the history, and the colleague is told on the staff live channel.
 */
export async function claimRequest(
  deps: RequestDeps,
  by: ChangedBy & { fullName: string },
  id: number,
  takeOverFrom: number | null | undefined,
): Promise<InboxRow> {
  const request = await requests.find(deps.db, id);
  if (!request) throw requestNotFound();
  const colleague = request.owner_id !== null && request.owner_id !== by.userId ? request.owner_id : null;
  const colleagueName = colleague === null ? null : await staffMembers.nameOf(deps.db, colleague);
  if (colleague !== null && takeOverFrom !== colleague)
    throw new TRPCError({ code: 'CONFLICT', message: TAKE_OVER_QUESTION(colleagueName ?? 'a colleague') });
  const body = colleague === null ? undefined : TAKEN_OVER_BODY(colleagueName ?? 'a colleague');
  const changed = await deps.writes.run((trx) => requests.assign(trx, id, by.userId, historyActor(by), body));
  if (!changed) throw requestNotFound();
  const row = await afterChange(
    deps,
    by,
    { type: 'request.assign', detail: { ownerId: by.userId, ...(colleague ? { takenFrom: colleague } : {}) } },
    changed,
  );
  if (colleague !== null) deps.inboxEvents.announce({ kind: 'taken', row, fromUserId: colleague, byName: by.fullName });
  return row;
}
