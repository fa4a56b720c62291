/** The status change (issue #13): the next statuses, with a confirmed date for appointments and a reason to cancel. */
import { useState, type FormEvent } from 'react';
import { STAFF_NOTE_MAX, requestStatusLabels, type RequestStatus } from '../../../../shared/requests';
import { formValue } from '../../../components/form/form-value';
import { StaffInput } from '../staff-input';

const actionButtonLabel: Record<RequestStatus, string> = {
  new: 'Mark as New',
  in_progress: 'Mark In progress',
  confirmed: 'Confirm',
  done: 'Mark Done',
  cancelled: 'Cancel request',
};

export type StatusChange = {
  status: RequestStatus;
  confirmedDate?: string;
  confirmedTime?: string;
  reason?: string;
  message?: string;
};

export function StatusForm({
  type,
  nextStatuses,
  busy,
  fieldError,
  onSubmit,
}: {
  type: string;
  nextStatuses: readonly RequestStatus[];
  busy: boolean;
  fieldError: (name: string) => string | undefined;
  onSubmit: (change: StatusChange) => void;
}) {
  const [status, setStatus] = useState<RequestStatus>(nextStatuses[0]!);
  const needsDate = status === 'confirmed' && type === 'appointment';
  const needsReason = status === 'cancelled';
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const text = (name: string) => formValue(form, name).trim() || undefined;
    onSubmit({
      status,
      confirmedDate: needsDate ? text('confirmedDate') : undefined,
      confirmedTime: needsDate ? text('confirmedTime') : undefined,
      reason: needsReason ? text('reason') : undefined,
      message: text('message'),
    });
  };
  const errorId = (name: string) => (fieldError(name) ? `status-${name}-error` : undefined);
  return (
    <form onSubmit={submit} className="app-staff__status-form">
      <fieldset className="app-staff__choices">
        <legend className="app-field__label">Change status to</legend>
        {nextStatuses.map((next) => (
          <label key={next} className="app-field__radio">
            <input type="radio" name="status" value={next} checked={status === next} onChange={() => setStatus(next)} />{' '}
            {requestStatusLabels[next]}
          </label>
        ))}
      </fieldset>
      {needsDate ? (
        <div className="app-form__row">
          <StaffInput
            id="status-confirmedDate"
            name="confirmedDate"
            label="Confirmed date"
            type="date"
            required
            error={fieldError('confirmedDate')}
          />
          <StaffInput
            id="status-confirmedTime"
            name="confirmedTime"
            label="Confirmed time (Lagos)"
            type="time"
            required
            error={fieldError('confirmedTime')}
          />
        </div>
      ) : null}
      {needsReason ? (
        <div className="app-field">
          <label className="app-field__label" htmlFor="status-reason">
            Reason for cancelling
          </label>
          {fieldError('reason') ? (
            <p id="status-reason-error" className="app-field__error">
              {fieldError('reason')}
            </p>
          ) : null}
          <textarea
            id="status-reason"
            name="reason"
            className="app-field__control"
            required
            maxLength={1000}
            rows={2}
            aria-describedby={errorId('reason')}
            aria-invalid={fieldError('reason') ? true : undefined}
          />
        </div>
      ) : null}
      <div className="app-field">
        <label className="app-field__label" htmlFor="status-message">
          Message to the patient <span className="app-field__optional">(optional)</span>
        </label>
        <p id="status-message-hint" className="app-field__hint">
          {status === 'confirmed' || status === 'cancelled'
            ? 'Sent in the email and shown under My requests.'
            : 'Shown under My requests.'}
        </p>
        <textarea
          id="status-message"
          name="message"
          className="app-field__control"
          maxLength={STAFF_NOTE_MAX}
          rows={2}
          aria-describedby="status-message-hint"
        />
      </div>
      <button type="submit" className="app-button app-button--primary" disabled={busy}>
        {actionButtonLabel[status]}
      </button>
    </form>
  );
}
