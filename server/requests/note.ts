import type { InboxRow } from '../../shared/requests';
import { requests } from '../data/requests';
import { afterChange } from './after-change';
import { historyActor, requestNotFound, type ChangedBy, type RequestDeps } from './request-deps';

/** An internal note in the request's history: never shown to the patient. */
export async function addRequestNote(
  deps: RequestDeps,
  by: ChangedBy,
  input: { id: number; body: string },
): Promise<InboxRow> {
  const changed = await deps.writes.run((trx) => requests.addNote(trx, input.id, input.body, historyActor(by)));
  if (!changed) throw requestNotFound();
  return afterChange(deps, by, { type: 'request.note' }, changed);
}
