/**
 * The status change (issue #13), in fewer clicks (issue #29.5): the first change of an unowned request claims it;
 * Confirm is prefilled with the patient's preferred date and time; Cancel asks first and says the reason goes to the
 * patient. The message to the patient is its own panel: one field, not two.
 */
import { useState } from 'react';
import { formatLagosShort } from '../../../../shared/lagos-date';
import { requestStatusLabels, type RequestStatus } from '../../../../shared/requests';
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
};

type Preferred = { date: string | null; time: string | null };

export function StatusForm({
  type,
  reference,
  nextStatuses,
  preferred,
  busy,
  onSubmit,
}: {
  type: string;
  reference: string;
  nextStatuses: readonly RequestStatus[];
  /** The patient's preferred date and time: what Confirm starts from. */
  preferred: Preferred;
  busy: boolean;
  /** The mutation's promise: its field errors show in the form. */
  onSubmit: (change: StatusChange) => Promise<unknown>;
}) {
  const [status, setStatus] = useState<RequestStatus>(nextStatuses[0]!);
  const [askingCancel, setAskingCancel] = useState(false);
  const needsDate = status === 'confirmed' && type === 'appointment';
  const needsReason = status === 'cancelled';
  const form = useMutationForm('Could not change the status.');
  const quickConfirm =
    type === 'appointment' && nextStatuses.includes('confirmed') && preferred.date && preferred.time
      ? `${preferred.date}T${preferred.time}`
      : null;
  const submit = form.submit(async (_nothing, element) => {
    // Cancelling reaches the patient: the first press asks, the second sends.
    if (needsReason && !askingCancel) return setAskingCancel(true);
    const text = (name: string) => formValue(element, name).trim() || undefined;
    await form.send(
      onSubmit({
        status,
        confirmedDate: needsDate ? text('confirmedDate') : undefined,
        confirmedTime: needsDate ? text('confirmedTime') : undefined,
        reason: needsReason ? text('reason') : undefined,
      }),
    );
    setAskingCancel(false);
  });
  return (
    <>
      {quickConfirm ? (
        <p>
          <button
            type="button"
            className="app-button app-button--primary"
            disabled={busy}
            onClick={() =>
              void form.send(
                onSubmit({ status: 'confirmed', confirmedDate: preferred.date!, confirmedTime: preferred.time! }),
              )
            }
          >
            Confirm for {formatLagosShort(quickConfirm)}
          </button>
        </p>
      ) : null}
      <AppForm form={form} onSubmit={submit} className="app-staff__status-form">
        <StatusChoices
          nextStatuses={nextStatuses}
          status={status}
          onChange={(next) => {
            setStatus(next);
            setAskingCancel(false);
          }}
        />
        <StatusFields needsDate={needsDate} needsReason={needsReason} preferred={preferred} errors={form.fieldErrors} />
        {askingCancel ? (
          <div className="app-staff__confirm" role="group" aria-labelledby="cancel-question">
            <p id="cancel-question" className="app-staff__question">
              Cancel {reference}? The reason goes to the patient.
            </p>
            <button type="submit" className="app-button app-button--danger" disabled={busy}>
              Yes, cancel and tell the patient
            </button>{' '}
            <button type="button" className="app-button app-button--ghost" onClick={() => setAskingCancel(false)}>
              Keep the request
            </button>
          </div>
        ) : (
          <button type="submit" className="app-button app-button--primary" disabled={busy}>
            {needsReason ? 'Cancel request…' : actionButtonLabel[status]}
          </button>
        )}
      </AppForm>
    </>
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

/** The date and time of a confirmed appointment (prefilled), and the reason to cancel, which the patient reads. */
function StatusFields({
  needsDate,
  needsReason,
  preferred,
  errors,
}: {
  needsDate: boolean;
  needsReason: boolean;
  preferred: Preferred;
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
            defaultValue={preferred.date ?? ''}
            error={errors.confirmedDate}
          />
          <Field
            id="status-confirmedTime"
            name="confirmedTime"
            label="Confirmed time (Lagos)"
            type="time"
            defaultValue={preferred.time ?? ''}
            error={errors.confirmedTime}
          />
        </div>
      ) : null}
      {needsReason ? (
        <TextArea
          id="status-reason"
          name="reason"
          label="Reason for cancelling"
          hint="Sent to the patient with the cancellation, and shown under My requests."
          error={errors.reason}
          maxLength={1000}
          rows={2}
        />
      ) : null}
    </>
  );
}
