/** Bulk changes for the selected rows (issue #29.7): assign them, or set one status; the server does all or none. */
import { useState } from 'react';
import { BULK_STATUSES, requestStatusLabels } from '../../../../shared/requests';
import { trpc } from '../../../lib/trpc';

type Member = { id: number; fullName: string };

export function BulkBar({
  ids,
  members,
  onDone,
  onError,
}: {
  ids: number[];
  members: Member[];
  onDone: (message: string) => void;
  onError: (message: string) => void;
}) {
  const [owner, setOwner] = useState('');
  const [status, setStatus] = useState<(typeof BULK_STATUSES)[number]>('in_progress');
  const count = ids.length === 1 ? '1 request' : `${ids.length} requests`;
  const assign = trpc.staff.bulkAssign.useMutation({
    onSuccess: (rows) =>
      onDone(
        `${rows.length === 1 ? '1 request' : `${rows.length} requests`} assigned to ${rows[0]?.ownerName ?? 'nobody'}.`,
      ),
    onError: (error) => onError(error.message),
  });
  const setStatuses = trpc.staff.bulkSetStatus.useMutation({
    onSuccess: (rows) =>
      onDone(`${rows.length === 1 ? '1 request' : `${rows.length} requests`} now ${requestStatusLabels[status]}.`),
    onError: (error) => onError(error.message),
  });
  const busy = assign.isPending || setStatuses.isPending;
  return (
    <section aria-labelledby="bulk-title" className="app-staff__bulk">
      <h2 id="bulk-title" className="app-staff__bulk-title">
        {count} selected
      </h2>
      <div className="app-staff__bulk-row">
        <label htmlFor="bulk-owner">Assign to</label>
        <select id="bulk-owner" className="app-field__control" value={owner} onChange={(e) => setOwner(e.target.value)}>
          <option value="">Unassigned</option>
          {members.map((member) => (
            <option key={member.id} value={member.id}>
              {member.fullName}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="app-button app-button--secondary"
          disabled={busy}
          onClick={() => assign.mutate({ ids, ownerId: owner ? Number(owner) : null })}
        >
          Assign {count}
        </button>
      </div>
      <div className="app-staff__bulk-row">
        <label htmlFor="bulk-status">Set status</label>
        <select
          id="bulk-status"
          className="app-field__control"
          value={status}
          onChange={(e) => setStatus(e.target.value as (typeof BULK_STATUSES)[number])}
        >
          {BULK_STATUSES.map((value) => (
            <option key={value} value={value}>
              {requestStatusLabels[value]}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="app-button app-button--secondary"
          disabled={busy}
          onClick={() => setStatuses.mutate({ ids, status })}
        >
          Set status of {count}
        </button>
      </div>
    </section>
  );
}
