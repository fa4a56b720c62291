import { TRPCError } from '@trpc/server';
import { REOPEN_ONLY_CLOSED_MESSAGE, REQUEST_CHANGED_MESSAGE } from '../../shared/messages/staff-messages';
import { isClosedStatus, type InboxRow } from '../../shared/requests';
import { requests } from '../data/requests';
import { afterChange } from './after-change';
import { historyActor, requestNotFound, type ChangedBy, type RequestDeps } from './request-deps';

/**
 * An admin reopens a Done or Cancelled request (issue #29.5): back to In progress, as a status move in its history,
 * audited. Nothing goes to the patient: whoever reopens it writes to them if they need to know. A cancelled booking
 * stays cancelled; its time may have been given to someone else.
 */
export async function reopenRequest(deps: RequestDeps, by: ChangedBy, id: number): Promise<InboxRow> {
  const request = await requests.find(deps.db, id);
  if (!request) throw requestNotFound();
  if (!isClosedStatus(request.status))
    throw new TRPCError({ code: 'BAD_REQUEST', message: REOPEN_ONLY_CLOSED_MESSAGE });
  const changed = await deps.writes.run((trx) =>
    requests.setStatus(trx, id, { from: request.status, to: 'in_progress' }, historyActor(by)),
  );
  if (!changed) throw new TRPCError({ code: 'CONFLICT', message: REQUEST_CHANGED_MESSAGE });
  return afterChange(deps, by, { type: 'request.reopen', detail: { from: request.status } }, changed);
}
