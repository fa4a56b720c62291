/**
 * Bulk changes for the selected rows (issue #29.7): assign them, set one status, or cancel them with one reason that
 * goes to each patient (asked first); the server does all or none.
 */
import { useState } from 'react';
import { BULK_STATUSES, bulkCancelSchema, requestStatusLabels } from '../../../../shared/requests';
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
      <BulkCancel ids={ids} count={count} busy={busy} onDone={onDone} onError={onError} />
    </section>
  );
}

function BulkCancel({
  ids,
  count,
  busy,
  onDone,
  onError,
}: {
  ids: number[];
  count: string;
  busy: boolean;
  onDone: (message: string) => void;
  onError: (message: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const cancel = trpc.staff.bulkCancel.useMutation({
    onSuccess: (rows) => onDone(`${rows.length === 1 ? '1 request' : `${rows.length} requests`} cancelled.`),
    onError: (error) => {
      setAsking(false);
      onError(error.message);
    },
  });
  const ask = () => {
    const checked = bulkCancelSchema.shape.reason.safeParse(reason);
    setReasonError(checked.success ? null : (checked.error.issues[0]?.message ?? 'Enter a reason.'));
    setAsking(checked.success);
  };
  return (
    <div className="app-staff__bulk-row app-staff__bulk-cancel">
      <label htmlFor="bulk-reason">Reason for cancelling (sent to each patient)</label>
      <textarea
        id="bulk-reason"
        className="app-field__control"
        rows={2}
        value={reason}
        aria-invalid={reasonError ? true : undefined}
        aria-describedby={reasonError ? 'bulk-reason-error' : undefined}
        onChange={(e) => {
          setReason(e.target.value);
          setAsking(false);
        }}
      />
      {reasonError ? (
        <p id="bulk-reason-error" className="app-field__error" role="alert">
          {reasonError}
        </p>
      ) : null}
      {asking ? (
        <div className="app-staff__confirm" role="group" aria-labelledby="bulk-cancel-question">
          <p id="bulk-cancel-question" className="app-staff__question">
            Cancel {count}? The reason goes to each patient.
          </p>
          <button
            type="button"
            className="app-button app-button--danger"
            disabled={busy || cancel.isPending}
            onClick={() => cancel.mutate({ ids, reason })}
          >
            Yes, cancel and tell the patients
          </button>{' '}
          <button type="button" className="app-button app-button--ghost" onClick={() => setAsking(false)}>
            Keep them
          </button>
        </div>
      ) : (
        <button type="button" className="app-button app-button--secondary" disabled={busy} onClick={ask}>
          Cancel {count}…
        </button>
      )}
    </div>
  );
}
