import type { InboxRow } from '../../shared/requests';
import { requests } from '../data/requests';
import { afterChange } from './after-change';
import { historyActor, requestNotFound, type ChangedBy, type RequestDeps } from './request-deps';

/** The message the patient sees under 'My requests' (the latest replaces the previous), kept in the history. */
export async function messagePatient(
  deps: RequestDeps,
  by: ChangedBy,
  input: { id: number; body: string },
): Promise<InboxRow> {
  const changed = await deps.writes.run((trx) =>
    requests.setPatientMessage(trx, input.id, input.body, historyActor(by)),
  );
  if (!changed) throw requestNotFound();
  return afterChange(deps, by, { type: 'request.message' }, changed);
}
