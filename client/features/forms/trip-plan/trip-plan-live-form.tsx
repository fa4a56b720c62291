import type { FocusEvent } from 'react';
import { Field } from '../../../components/form/field';
import { Select } from '../../../components/form/select';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextArea } from '../../../components/form/text-area';
import { DEFAULT_TRAVELERS } from '../../../../shared/constants';
import {
  MAX_TRAVELERS,
  MIN_TRAVELERS,
  accommodationPreferences,
  activityInterests,
} from '../../../../shared/form-options';
import type { TripPlanInput } from '../../../../shared/schemas/trip-plan';
import { StoredFormFrame } from '../stored-form-frame';
import { ContactDetailsFields } from '../contact-details-fields';
import type { LiveProps } from '../../../rendering/island';
import { storedForms } from '../../../../shared/forms/stored-forms';
import { formValue } from '../../../components/form/form-value';
import { SentReference } from '../sent-reference';
import { useStoredForm } from '../use-stored-form';
import { trpc } from '../../../lib/trpc';
import { withTrpc } from '../../../lib/trpc-provider';
import { tripPlanMessages } from './trip-plan-messages';

const load = () => import('./submit-trip-plan').then((module) => module.tripPlanCheck);
const read = (form: HTMLFormElement) => storedForms['trip-plan'].toInput((name) => formValue(form, name));

const normaliseTravelers = (event: FocusEvent<HTMLInputElement>) => {
  const input = event.currentTarget;
  // A number input holding letters reports '' (and badInput): either way it becomes 1.
  if (input.validity.badInput || !/^-?\d+$/.test(input.value.trim())) input.value = String(DEFAULT_TRAVELERS);
};

/**
 * Medical trip plan (spec sections 2, 5), the live form behind TripPlanForm: Travel Details, then
 * Contact Information.
 */
function TripPlanLiveFormInner({ initialValues = {}, openedAt }: LiveProps) {
  const { formRef, summaryRef, ...form } = useStoredForm<TripPlanInput>({
    formName: 'trip-plan',
    load,
    mutation: trpc.forms.submitTripPlan.useMutation(),
    read,
    ...tripPlanMessages,
    openedAt,
  });
  const errors = form.fieldErrors;
  return (
    <StoredFormFrame
      formRef={formRef}
      summaryRef={summaryRef}
      form={form}
      label="Plan your medical trip"
      botTrapPrefix="trip"
    >
      <fieldset className="app-form__section">
        <legend>
          <h2 className="app-form__section-title">Travel Details</h2>
        </legend>
        <Field
          id="trip-destination"
          name="destination"
          label="Destination"
          defaultValue={initialValues.destination}
          hint="The country or city where you want treatment, for example India or London."
          error={errors.destination}
        />
        <div className="app-form__row">
          <Field
            id="trip-departure-date"
            name="departureDate"
            type="date"
            label="Departure Date"
            optional
            defaultValue={initialValues.departureDate}
            error={errors.departureDate}
          />
          <Field
            id="trip-return-date"
            name="returnDate"
            type="date"
            label="Return Date"
            optional
            defaultValue={initialValues.returnDate}
            error={errors.returnDate}
          />
        </div>
        <Field
          id="trip-travelers"
          name="numberOfTravelers"
          type="number"
          inputMode="numeric"
          label="Number of Travelers"
          hint="Include yourself and anyone travelling with you."
          min={MIN_TRAVELERS}
          max={MAX_TRAVELERS}
          step={1}
          defaultValue={initialValues.numberOfTravelers ?? DEFAULT_TRAVELERS}
          onBlur={normaliseTravelers}
          error={errors.numberOfTravelers}
        />
        <div className="app-form__row">
          <Select
            id="trip-accommodation"
            name="accommodationPreference"
            label="Accommodation Preference"
            placeholder="Select accommodation"
            options={accommodationPreferences}
            optional
            defaultValue={initialValues.accommodationPreference ?? ''}
            error={errors.accommodationPreference}
          />
          <Select
            id="trip-activities"
            name="activityInterests"
            label="Activity Interests"
            placeholder="Select an activity"
            options={activityInterests}
            optional
            defaultValue={initialValues.activityInterests ?? ''}
            error={errors.activityInterests}
          />
        </div>
      </fieldset>
      <fieldset className="app-form__section">
        <legend>
          <h2 className="app-form__section-title">Contact Information</h2>
        </legend>
        <ContactDetailsFields idPrefix="trip" initialValues={initialValues} errors={errors} />
        <TextArea
          id="trip-requests"
          name="additionalRequests"
          label="Additional Requests"
          hint="For example wheelchair access, dietary needs or a companion's needs."
          rows={4}
          optional
          defaultValue={initialValues.additionalRequests}
          error={errors.additionalRequests}
        />
      </fieldset>
      <div>
        <SubmitButton busy={form.busy} busyLabel="Submitting Plan...">
          Submit Plan
        </SubmitButton>
      </div>
      <SentReference reference={form.lastReference} what="Trip plan" />
    </StoredFormFrame>
  );
}

/** In its own tRPC provider: the live form loads on demand, and React Query with it. */
export const TripPlanLiveForm = withTrpc(TripPlanLiveFormInner);
