/**
 * The call log (issue #29.7): a call to the patient, its outcome, and when to try again (Lagos time). Logged calls
 * show in the history; the next try shows in the inbox until the next call is logged.
 */
import { useState } from 'react';
import { CALL_OUTCOMES, callOutcomeLabels, type CallOutcome } from '../../../../shared/requests';
import { AppForm } from '../../../components/form/app-form';
import { Field } from '../../../components/form/field';
import { formValue } from '../../../components/form/form-value';
import { useMutationForm } from '../../../components/form/use-mutation-form';

export type CallLogEntry = { outcome: CallOutcome; nextTryDate?: string; nextTryTime?: string };

export function CallLogForm({ busy, onLog }: { busy: boolean; onLog: (entry: CallLogEntry) => Promise<unknown> }) {
  const [outcome, setOutcome] = useState<CallOutcome>('no_answer');
  const [round, setRound] = useState(0);
  const form = useMutationForm('Could not log the call.');
  const submit = form.submit(async (_nothing, element) => {
    const text = (name: string) => formValue(element, name).trim() || undefined;
    if (await form.send(onLog({ outcome, nextTryDate: text('nextTryDate'), nextTryTime: text('nextTryTime') })))
      setRound((count) => count + 1);
  });
  return (
    <section aria-labelledby="call-log-title" className="app-staff__panel app-staff__no-print">
      <h2 id="call-log-title">Call log</h2>
      <AppForm form={form} onSubmit={submit} key={round}>
        <fieldset className="app-staff__choices">
          <legend className="app-field__label">Called the patient: outcome</legend>
          {CALL_OUTCOMES.map((value) => (
            <label key={value} className="app-field__radio">
              <input
                type="radio"
                name="outcome"
                value={value}
                checked={outcome === value}
                onChange={() => setOutcome(value)}
              />{' '}
              {callOutcomeLabels[value]}
            </label>
          ))}
        </fieldset>
        <div className="app-form__row">
          <Field
            id="call-nextTryDate"
            name="nextTryDate"
            label="Next try: date"
            type="date"
            optional
            error={form.fieldErrors.nextTryDate}
          />
          <Field
            id="call-nextTryTime"
            name="nextTryTime"
            label="Next try: time (Lagos)"
            type="time"
            optional
            error={form.fieldErrors.nextTryTime}
          />
        </div>
        <button type="submit" className="app-button app-button--secondary" disabled={busy}>
          Log the call
        </button>
      </AppForm>
    </section>
  );
}
