/** The status change (issue #13): the next statuses, with a confirmed date for appointments and a reason to cancel. */
import { useState } from 'react';
import { STAFF_NOTE_MAX, requestStatusLabels, type RequestStatus } from '../../../../shared/requests';
import { AppForm } from '../../../components/form/app-form';
import { Field } from '../../../components/form/field';
import type { FieldErrors } from '../../../components/form/use-form-errors';
import { formValue } from '../../../components/form/form-value';
import { TextArea } from '../../../components/form/text-area';
import { useMutationForm } from '../../../components/form/use-mutation-form';

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
  onSubmit,
}: {
  type: string;
  nextStatuses: readonly RequestStatus[];
  busy: boolean;
  /** The mutation's promise: its field errors show in the form. */
  onSubmit: (change: StatusChange) => Promise<unknown>;
}) {
  const [status, setStatus] = useState<RequestStatus>(nextStatuses[0]!);
  const needsDate = status === 'confirmed' && type === 'appointment';
  const needsReason = status === 'cancelled';
  const form = useMutationForm('Could not change the status.');
  const submit = form.submit(async (_nothing, element) => {
    const text = (name: string) => formValue(element, name).trim() || undefined;
    await form.send(
      onSubmit({
        status,
        confirmedDate: needsDate ? text('confirmedDate') : undefined,
        confirmedTime: needsDate ? text('confirmedTime') : undefined,
        reason: needsReason ? text('reason') : undefined,
        message: text('message'),
      }),
    );
  });
  return (
    <AppForm form={form} onSubmit={submit} className="app-staff__status-form">
      <StatusChoices nextStatuses={nextStatuses} status={status} onChange={setStatus} />
      <StatusFields status={status} needsDate={needsDate} needsReason={needsReason} errors={form.fieldErrors} />
      <button type="submit" className="app-button app-button--primary" disabled={busy}>
        {actionButtonLabel[status]}
      </button>
    </AppForm>
  );
}

function StatusChoices({
  nextStatuses,
  status,
  onChange,
}: {
  nextStatuses: readonly RequestStatus[];
  status: RequestStatus;
  onChange: (status: RequestStatus) => void;
}) {
  return (
    <fieldset className="app-staff__choices">
      <legend className="app-field__label">Change status to</legend>
      {nextStatuses.map((next) => (
        <label key={next} className="app-field__radio">
          <input type="radio" name="status" value={next} checked={status === next} onChange={() => onChange(next)} />{' '}
          {requestStatusLabels[next]}
        </label>
      ))}
    </fieldset>
  );
}

/** The date and time of a confirmed appointment, the reason to cancel, and the message to the patient. */
function StatusFields({
  status,
  needsDate,
  needsReason,
  errors,
}: {
  status: RequestStatus;
  needsDate: boolean;
  needsReason: boolean;
  errors: FieldErrors;
}) {
  return (
    <>
      {needsDate ? (
        <div className="app-form__row">
          <Field
            id="status-confirmedDate"
            name="confirmedDate"
            label="Confirmed date"
            type="date"
            error={errors.confirmedDate}
          />
          <Field
            id="status-confirmedTime"
            name="confirmedTime"
            label="Confirmed time (Lagos)"
            type="time"
            error={errors.confirmedTime}
          />
        </div>
      ) : null}
      {needsReason ? (
        <TextArea
          id="status-reason"
          name="reason"
          label="Reason for cancelling"
          error={errors.reason}
          maxLength={1000}
          rows={2}
        />
      ) : null}
      <TextArea
        id="status-message"
        name="message"
        label="Message to the patient"
        optional
        hint={
          status === 'confirmed' || status === 'cancelled'
            ? 'Sent in the email and shown under My requests.'
            : 'Shown under My requests.'
        }
        maxLength={STAFF_NOTE_MAX}
        rows={2}
      />
    </>
  );
}
