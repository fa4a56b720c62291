/** Invite a colleague by e-mail (issue #13, admins), on the form kit: its error summary and field errors. */
import { STAFF_ROLES, staffRoleLabels, type StaffRole } from '../../../../shared/schemas/team';
import { AppForm } from '../../../components/form/app-form';
import { ChoiceSelect } from '../../../components/form/choice-select';
import { Field } from '../../../components/form/field';
import { formValue } from '../../../components/form/form-value';
import { useAppForm } from '../../../components/form/use-app-form';
import type { InviteAnswer, InviteValues } from './use-team';

export function InviteForm({
  busy,
  onInvite,
}: {
  busy: boolean;
  onInvite: (values: InviteValues) => Promise<InviteAnswer>;
}) {
  const form = useAppForm({
    onLoadFailed: (errors) => errors.showErrors({}, 'Could not send the invitation.'),
  });
  const onSubmit = form.submit(async (_nothing, element) => {
    form.clearErrors();
    const answer = await onInvite({
      fullName: formValue(element, 'fullName'),
      email: formValue(element, 'email'),
      role: formValue(element, 'role') as StaffRole,
    });
    if (answer.sent) element.reset();
    else if (answer.fieldErrors) form.showErrors(answer.fieldErrors);
  });
  return (
    <section aria-labelledby="invite-heading" className="app-staff__panel">
      <h2 id="invite-heading">Invite a colleague</h2>
      <p>They get an email with a link to set their password. The link works for 7 days.</p>
      <AppForm
        form={form}
        onSubmit={onSubmit}
        className="app-staff__invite"
        submit={{ label: 'Send invitation', busyLabel: 'Sending invitation…', busy }}
      >
        <Field
          id="invite-name"
          name="fullName"
          label="Full name"
          autoComplete="off"
          error={form.fieldErrors.fullName}
        />
        <Field
          id="invite-email"
          name="email"
          label="Email address"
          type="email"
          autoComplete="off"
          error={form.fieldErrors.email}
        />
        <ChoiceSelect
          id="invite-role"
          name="role"
          label="Role"
          options={STAFF_ROLES.map((role) => [role, staffRoleLabels[role]] as const)}
          defaultValue="agent"
        />
      </AppForm>
    </section>
  );
}
