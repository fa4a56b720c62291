/** Invite a colleague by e-mail (issue #13, admins). */
import type { FormEvent } from 'react';
import { STAFF_ROLES, staffRoleLabels, type StaffRole } from '../../../../shared/schemas/team';
import { formValue } from '../../../components/form/form-value';
import { StaffInput } from '../staff-input';
import type { InviteValues } from './use-team';

export function InviteForm({
  busy,
  error,
  onInvite,
}: {
  busy: boolean;
  error: (name: string) => string | undefined;
  onInvite: (values: InviteValues, onSent: () => void) => void;
}) {
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = {
      fullName: formValue(form, 'fullName'),
      email: formValue(form, 'email'),
      role: formValue(form, 'role') as StaffRole,
    };
    onInvite(values, () => form.reset());
  };
  return (
    <section aria-labelledby="invite-heading" className="app-staff__panel">
      <h2 id="invite-heading">Invite a colleague</h2>
      <p>They get an email with a link to set their password. The link works for 7 days.</p>
      <form onSubmit={onSubmit} noValidate className="app-staff__invite">
        <StaffInput id="invite-name" name="fullName" label="Full name" autoComplete="off" error={error('fullName')} />
        <StaffInput
          id="invite-email"
          name="email"
          label="Email address"
          type="email"
          autoComplete="off"
          error={error('email')}
        />
        <div className="app-field">
          <label className="app-field__label" htmlFor="invite-role">
            Role
          </label>
          <select id="invite-role" name="role" className="app-field__control" defaultValue="agent">
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>
                {staffRoleLabels[role]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="app-button app-button--primary" disabled={busy}>
          {busy ? 'Sending invitation…' : 'Send invitation'}
        </button>
      </form>
    </section>
  );
}
