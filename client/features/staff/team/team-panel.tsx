/**
 * Team (issue #13, admins): the staff list with roles and status, invitations by e-mail, role changes, and
 * deactivation (their sessions end at once) after an explicit confirmation.
 */
import { useRef, useState, type FormEvent } from 'react';
import { STAFF_ROLES, staffRoleLabels, type StaffRole } from '../../../../shared/schemas/team';
import { formValue } from '../../../components/form/form-value';
import { TableRegion } from '../table-region';
import { ConfirmAction } from '../confirm-action';
import { StaffInput } from '../staff-input';
import { trpc } from '../../../lib/trpc';
import { formatLagosInstant } from '../inbox-filter';
import { StaffTitle, useStaff } from '../staff-context';

const statusLabels = { active: 'Active', invited: 'Invited', deactivated: 'Deactivated' } as const;
type FieldErrors = Record<string, string[] | undefined>;

export function TeamPanel() {
  const { me } = useStaff();
  const utils = trpc.useUtils();
  const team = trpc.team.list.useQuery();
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const [inviteErrors, setInviteErrors] = useState<FieldErrors>({});
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const say = (text: string, error = false) => {
    setNotice({ text, error });
    void utils.team.list.invalidate();
    requestAnimationFrame(() => noticeRef.current?.focus());
  };
  const onError = (error: { message: string }) => say(error.message, true);
  const invite = trpc.team.invite.useMutation({
    onError: (error) => {
      setInviteErrors(error.data?.fieldErrors ?? {});
      if (!error.data?.fieldErrors) onError(error);
    },
  });
  const setRole = trpc.team.setRole.useMutation({ onSuccess: () => say('Role changed.'), onError });
  const deactivate = trpc.team.deactivate.useMutation({
    onSuccess: () => say('Account deactivated. Their sessions have ended.'),
    onError,
  });
  const reactivate = trpc.team.reactivate.useMutation({ onSuccess: () => say('Account reactivated.'), onError });

  const onInvite = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = {
      fullName: formValue(form, 'fullName'),
      email: formValue(form, 'email'),
      role: formValue(form, 'role') as StaffRole,
    };
    setInviteErrors({});
    invite.mutate(values, {
      onSuccess: () => {
        form.reset();
        say(`Invitation sent to ${values.email}.`);
      },
    });
  };
  const inviteError = (name: string) => inviteErrors[name]?.[0];

  return (
    <>
      <StaffTitle title="Team" />
      <h1>Team</h1>
      <p
        ref={noticeRef}
        tabIndex={-1}
        role={notice?.error ? 'alert' : 'status'}
        className={`app-staff__notice${notice?.error ? ' app-staff__notice--error' : ''}`}
      >
        {notice?.text ?? ''}
      </p>
      {team.isPending ? (
        <p role="status">Loading the team…</p>
      ) : team.isError ? (
        <p role="alert">Could not load the team: {team.error.message}</p>
      ) : (
        <TableRegion label="Staff members">
          <table className="app-staff__table">
            <caption className="app-visually-hidden">Staff members</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Status</th>
                <th scope="col">Since</th>
                <th scope="col">
                  <span className="app-visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {team.data.map((member) => {
                const self = member.id === me.id;
                return (
                  <tr key={member.id}>
                    <td>
                      {member.fullName}
                      {self ? ' (you)' : ''}
                    </td>
                    <td>{member.email}</td>
                    <td>
                      {self ? (
                        staffRoleLabels[member.role]
                      ) : (
                        <select
                          aria-label={`Role of ${member.fullName}`}
                          className="app-field__control"
                          value={member.role}
                          disabled={setRole.isPending}
                          onChange={(event) =>
                            setRole.mutate({ userId: member.id, role: event.target.value as StaffRole })
                          }
                        >
                          {STAFF_ROLES.map((role) => (
                            <option key={role} value={role}>
                              {staffRoleLabels[role]}
                            </option>
                          ))}
                        </select>
                      )}
                    </td>
                    <td>{statusLabels[member.status]}</td>
                    <td>{formatLagosInstant(member.createdAt)}</td>
                    <td>
                      {self ? null : member.status === 'deactivated' ? (
                        <button
                          type="button"
                          className="app-button app-button--secondary"
                          onClick={() => reactivate.mutate({ userId: member.id })}
                        >
                          Reactivate<span className="app-visually-hidden"> {member.fullName}</span>
                        </button>
                      ) : (
                        <ConfirmAction
                          label="Deactivate"
                          confirmLabel="Yes, deactivate"
                          name={member.fullName}
                          busy={deactivate.isPending}
                          onConfirm={() => deactivate.mutate({ userId: member.id })}
                        />
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableRegion>
      )}

      <section aria-labelledby="invite-heading" className="app-staff__panel">
        <h2 id="invite-heading">Invite a colleague</h2>
        <p>They get an email with a link to set their password. The link works for 7 days.</p>
        <form onSubmit={onInvite} noValidate className="app-staff__invite">
          <StaffInput
            id="invite-name"
            name="fullName"
            label="Full name"
            autoComplete="off"
            error={inviteError('fullName')}
          />
          <StaffInput
            id="invite-email"
            name="email"
            label="Email address"
            type="email"
            autoComplete="off"
            error={inviteError('email')}
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
          <button type="submit" className="app-button app-button--primary" disabled={invite.isPending}>
            {invite.isPending ? 'Sending invitation…' : 'Send invitation'}
          </button>
        </form>
      </section>
    </>
  );
}
