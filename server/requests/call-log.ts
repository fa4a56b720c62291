import type { CallOutcome, InboxRow } from '../../shared/requests';
import { requests } from '../data/requests';
import { afterChange } from './after-change';
import { requestNotFound, type ChangedBy, type RequestDeps } from './request-deps';

/**
 * A call to the patient in the request's call log (issue #29.7): the outcome and, when one is planned, the next try
 * (Lagos date and time), which the inbox shows until the next call is logged. Audited without the times.
 */
export async function logCall(
  deps: RequestDeps,
  by: ChangedBy,
  input: { id: number; outcome: CallOutcome; nextTryDate?: string | undefined; nextTryTime?: string | undefined },
): Promise<InboxRow> {
  const nextTryFor = input.nextTryDate && input.nextTryTime ? `${input.nextTryDate}T${input.nextTryTime}` : null;
  const changed = await deps.writes.run((trx) =>
    requests.logCall(trx, input.id, { outcome: input.outcome, nextTryFor }, by.userId),
  );
  if (!changed) throw requestNotFound();
  return afterChange(deps, by, { type: 'request.call', detail: { outcome: input.outcome } }, changed);
}
