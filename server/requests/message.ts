import type { InboxRow } from '../../shared/requests';
import type { MessageDelivery } from '../../shared/messaging/delivery';
import { requests } from '../data/requests';
import { queueStaffMessage } from '../messaging/request-texts';
import { afterChange } from './after-change';
import { historyActor, requestNotFound, type ChangedBy, type RequestDeps } from './request-deps';

/**
 * The message the patient sees under 'My requests' (the latest replaces the previous), kept in the history, and sent
 * to them (issue #27.3): by their text channel, else by e-mail. The answer says how and when it goes.
 */
export async function messagePatient(
  deps: RequestDeps,
  by: ChangedBy,
  input: { id: number; body: string },
): Promise<InboxRow & { delivery: MessageDelivery | null }> {
  const result = await deps.writes.run(async (trx) => {
    const changed = await requests.setPatientMessage(trx, input.id, input.body, historyActor(by));
    if (!changed) return undefined;
    return { changed, queued: await queueStaffMessage(deps.messaging, trx, changed, input.body) };
  });
  if (!result) throw requestNotFound();
  deps.messaging.notifyQueued();
  deps.mail.notifyQueued();
  const row = await afterChange(deps, by, { type: 'request.message' }, result.changed);
  const { queued } = result;
  return {
    ...row,
    delivery: queued ? { channel: queued.channel, notBefore: new Date(queued.notBefore).toISOString() } : null,
  };
}
