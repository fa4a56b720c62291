/** The availability page's forms (issue #28.1, admins), on the form kit: each shows its field errors at the field. */
import { appointmentServices } from '../../../../shared/form-options';
import { WEEKDAY_NAMES } from '../../../../shared/schemas/availability';
import { AppForm } from '../../../components/form/app-form';
import { ChoiceSelect } from '../../../components/form/choice-select';
import { Field } from '../../../components/form/field';
import { formValue } from '../../../components/form/form-value';
import { useMutationForm } from '../../../components/form/use-mutation-form';
import type { AvailabilityActions, ClinicianData } from './use-availability';

export function AddClinicianForm({ actions }: { actions: AvailabilityActions }) {
  const form = useMutationForm('Could not add the clinician.');
  const onSubmit = form.submit(async (_nothing, element) => {
    if (await form.send(actions.addClinician.mutateAsync({ name: formValue(element, 'name') }))) element.reset();
  });
  return (
    <section aria-labelledby="add-clinician" className="app-staff__panel">
      <h2 id="add-clinician">Add a clinician</h2>
      <AppForm
        form={form}
        onSubmit={onSubmit}
        labelledBy="add-clinician"
        className="app-staff__inline-form"
        submit={{ label: 'Add clinician', busyLabel: 'Adding…', busy: actions.busy }}
      >
        <Field
          id="clinician-name"
          name="name"
          label="Clinician's name"
          autoComplete="off"
          error={form.fieldErrors.name}
        />
      </AppForm>
    </section>
  );
}

export function RenameForm({ clinician, actions }: { clinician: ClinicianData; actions: AvailabilityActions }) {
  const form = useMutationForm('Could not rename the clinician.');
  const onSubmit = form.submit(async (_nothing, element) => {
    await form.send(
      actions.renameClinician.mutateAsync({ clinicianId: clinician.id, name: formValue(element, 'name') }),
    );
  });
  return (
    <AppForm form={form} onSubmit={onSubmit} label={`Rename ${clinician.name}`} className="app-staff__inline-form">
      <Field
        id={`c${clinician.id}-name`}
        name="name"
        label="Name"
        autoComplete="off"
        defaultValue={clinician.name}
        error={form.fieldErrors.name}
      />
      <button type="submit" className="app-button app-button--secondary" disabled={actions.busy}>
        Rename<span className="app-visually-hidden"> {clinician.name}</span>
      </button>
    </AppForm>
  );
}

export function ServiceForm({ clinician, actions }: { clinician: ClinicianData; actions: AvailabilityActions }) {
  const form = useMutationForm('Could not save the service.');
  const prefix = `c${clinician.id}-service`;
  const onSubmit = form.submit(async (_nothing, element) => {
    await form.send(
      actions.setService.mutateAsync({
        clinicianId: clinician.id,
        service: formValue(element, 'service'),
        slotMinutes: formValue(element, 'slotMinutes'),
      }),
    );
  });
  return (
    <AppForm
      form={form}
      onSubmit={onSubmit}
      label={`Offer a service: ${clinician.name}`}
      className="app-staff__inline-form"
      submit={{ label: 'Save service', busyLabel: 'Saving…', busy: actions.busy }}
    >
      <ChoiceSelect
        id={`${prefix}-name`}
        name="service"
        label="Service"
        options={appointmentServices.map((service) => [service, service] as const)}
      />
      <Field
        id={`${prefix}-minutes`}
        name="slotMinutes"
        label="Slot length in minutes"
        hint="15 to 240, in steps of 15."
        type="number"
        inputMode="numeric"
        min={15}
        max={240}
        step={15}
        defaultValue={30}
        error={form.fieldErrors.slotMinutes}
      />
    </AppForm>
  );
}

export function HoursForm({ clinician, actions }: { clinician: ClinicianData; actions: AvailabilityActions }) {
  const form = useMutationForm('Could not add the hours.');
  const prefix = `c${clinician.id}-hours`;
  const onSubmit = form.submit(async (_nothing, element) => {
    await form.send(
      actions.addHours.mutateAsync({
        clinicianId: clinician.id,
        service: formValue(element, 'service'),
        weekday: formValue(element, 'weekday'),
        start: formValue(element, 'start'),
        end: formValue(element, 'end'),
      }),
    );
  });
  if (!clinician.services.length) return <p>Offer a service first, then add its weekly hours.</p>;
  return (
    <AppForm
      form={form}
      onSubmit={onSubmit}
      label={`Add weekly hours: ${clinician.name}`}
      className="app-staff__inline-form"
      submit={{ label: 'Add hours', busyLabel: 'Adding…', busy: actions.busy }}
    >
      <ChoiceSelect
        id={`${prefix}-service`}
        name="service"
        label="Service"
        options={clinician.services.map((row) => [row.service, row.service] as const)}
      />
      <ChoiceSelect
        id={`${prefix}-weekday`}
        name="weekday"
        label="Day"
        options={WEEKDAY_NAMES.map((day, index) => [index + 1, day] as const)}
      />
      <Field
        id={`${prefix}-start`}
        name="start"
        label="Start (Lagos time)"
        type="time"
        defaultValue="09:00"
        error={form.fieldErrors.start}
      />
      <Field
        id={`${prefix}-end`}
        name="end"
        label="End (Lagos time)"
        type="time"
        defaultValue="12:00"
        error={form.fieldErrors.end}
      />
    </AppForm>
  );
}

export function BlockForm({ clinician, actions }: { clinician: ClinicianData; actions: AvailabilityActions }) {
  const form = useMutationForm('Could not add the block.');
  const prefix = `c${clinician.id}-block`;
  const onSubmit = form.submit(async (_nothing, element) => {
    const sent = await form.send(
      actions.addBlock.mutateAsync({
        clinicianId: clinician.id,
        startsAt: formValue(element, 'startsAt'),
        endsAt: formValue(element, 'endsAt'),
        reason: formValue(element, 'reason'),
      }),
    );
    if (sent) element.reset();
  });
  return (
    <AppForm
      form={form}
      onSubmit={onSubmit}
      label={`Block time: ${clinician.name}`}
      className="app-staff__inline-form"
      submit={{ label: 'Add block', busyLabel: 'Adding…', busy: actions.busy }}
    >
      <Field
        id={`${prefix}-start`}
        name="startsAt"
        label="From (Lagos time)"
        hint="Like 2026-12-01T09:00."
        type="datetime-local"
        error={form.fieldErrors.startsAt}
      />
      <Field
        id={`${prefix}-end`}
        name="endsAt"
        label="Until (Lagos time)"
        type="datetime-local"
        error={form.fieldErrors.endsAt}
      />
      <Field
        id={`${prefix}-reason`}
        name="reason"
        label="Reason"
        hint="Leave, training…"
        autoComplete="off"
        error={form.fieldErrors.reason}
      />
    </AppForm>
  );
}

export function ClosureForm({ actions }: { actions: AvailabilityActions }) {
  const form = useMutationForm('Could not add the closed day.');
  const onSubmit = form.submit(async (_nothing, element) => {
    const sent = await form.send(
      actions.addClosure.mutateAsync({ date: formValue(element, 'date'), reason: formValue(element, 'reason') }),
    );
    if (sent) element.reset();
  });
  return (
    <AppForm
      form={form}
      onSubmit={onSubmit}
      label="Close the clinic for a day"
      className="app-staff__inline-form"
      submit={{ label: 'Add closed day', busyLabel: 'Adding…', busy: actions.busy }}
    >
      <Field id="closure-date" name="date" label="Date" type="date" error={form.fieldErrors.date} />
      <Field id="closure-reason" name="reason" label="Reason" autoComplete="off" error={form.fieldErrors.reason} />
    </AppForm>
  );
}
