import type { InboxRow } from '../../shared/requests';
import type { AuditEvent } from '../audit/audit-log';
import { toInboxRow, type ChangedRequest } from '../data/requests';
import type { ChangedBy, RequestDeps } from './request-deps';

/**
 * After a committed change: its audit row, then the request as the write returned it to every open inbox and to the
 * caller. Never before the commit: an inbox must not show a change that was rolled back.
 */
export async function afterChange(
  deps: Pick<RequestDeps, 'audit' | 'inboxEvents'>,
  by: ChangedBy,
  audit: { type: AuditEvent['type']; detail?: AuditEvent['detail'] },
  changed: ChangedRequest,
): Promise<InboxRow> {
  await deps.audit.record({
    type: audit.type,
    actorUserId: by.userId,
    ip: by.ip,
    subject: `request:${changed.id}`,
    detail: audit.detail,
  });
  const row = toInboxRow(changed);
  deps.inboxEvents.announce({ kind: 'changed', row });
  return row;
}
