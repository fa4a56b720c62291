import { useEffect, useState } from 'react';
import { Field } from '../../../components/form/field';
import { Select } from '../../../components/form/select';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextArea } from '../../../components/form/text-area';
import { appointmentServices, appointmentTimeSlots } from '../../../../shared/form-options';
import { lagosToday } from '../../../../shared/lagos-date';
import type { AppointmentInput } from '../../../../shared/schemas/appointment';
import { StoredFormFrame } from '../stored-form-frame';
import { ContactDetailsFields } from '../contact-details-fields';
import type { LiveProps } from '../../../rendering/island';
import { storedForms } from '../../../../shared/forms/stored-forms';
import { formValue } from '../../../components/form/form-value';
import { SentReference } from '../sent-reference';
import { useStoredForm } from '../use-stored-form';
import { trpc } from '../../../lib/trpc';
import { withTrpc } from '../../../lib/trpc-provider';
import { appointmentMessages } from './appointment-messages';

const load = () => import('./submit-appointment').then((module) => module.appointmentCheck);
const read = (form: HTMLFormElement) => storedForms['appointment'].toInput((name) => formValue(form, name));

/**
 * Appointment request (spec sections 5, 8), the live form behind AppointmentForm: the date cannot
 * be before today in Lagos.
 */
function AppointmentLiveFormInner({ initialValues = {}, openedAt }: LiveProps) {
  // Set in the browser: the prerendered HTML was built on another day.
  const [minDate, setMinDate] = useState<string | undefined>(() =>
    typeof window === 'undefined' ? undefined : lagosToday(),
  );
  // eslint-disable-next-line react-hooks/set-state-in-effect -- after hydration, today in Lagos replaces the build day
  useEffect(() => setMinDate(lagosToday()), []);

  const { formRef, summaryRef, ...form } = useStoredForm<AppointmentInput>({
    formName: 'appointment',
    load,
    mutation: trpc.forms.submitAppointment.useMutation(),
    read,
    ...appointmentMessages,
    openedAt,
  });
  const errors = form.fieldErrors;
  return (
    <StoredFormFrame
      formRef={formRef}
      summaryRef={summaryRef}
      form={form}
      label="Book an appointment"
      botTrapPrefix="appointment"
    >
      <ContactDetailsFields idPrefix="appointment" initialValues={initialValues} errors={errors} />
      <div className="app-form__row">
        <Field
          id="appointment-date"
          name="preferredDate"
          type="date"
          label="Preferred Date"
          hint="Today or a later date."
          min={minDate}
          defaultValue={initialValues.preferredDate}
          error={errors.preferredDate}
        />
        <Select
          id="appointment-time"
          name="preferredTime"
          label="Preferred Time"
          placeholder="Any time"
          options={appointmentTimeSlots}
          optional
          defaultValue={initialValues.preferredTime ?? ''}
          error={errors.preferredTime}
        />
      </div>
      <Select
        id="appointment-service"
        name="serviceType"
        label="Service Type"
        placeholder="Select a service"
        options={appointmentServices}
        defaultValue={initialValues.serviceType ?? ''}
        error={errors.serviceType}
      />
      <TextArea
        id="appointment-message"
        name="message"
        label="Message"
        hint="Briefly tell us the reason for your visit."
        rows={4}
        optional
        defaultValue={initialValues.message}
        error={errors.message}
      />
      <div>
        <SubmitButton busy={form.busy} busyLabel="Requesting Appointment...">
          Request Appointment
        </SubmitButton>
      </div>
      <SentReference reference={form.lastReference} what="Request" />
    </StoredFormFrame>
  );
}

/** In its own tRPC provider: the live form loads on demand, and React Query with it. */
export const AppointmentLiveForm = withTrpc(AppointmentLiveFormInner);
