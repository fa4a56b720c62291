/** The staff list (issue #13, admins): roles can be changed and accounts deactivated, except one's own. */
import { STAFF_ROLES, staffRoleLabels, type StaffRole } from '../../../../shared/schemas/team';
import { ConfirmAction } from '../confirm-action';
import { formatLagosInstant } from '../inbox-filter';
import { StaffTable } from '../table-region';
import type { TeamActions } from './use-team';

const statusLabels = { active: 'Active', invited: 'Invited', deactivated: 'Deactivated' } as const;
type Member = NonNullable<TeamActions['team']['data']>[number];

export function TeamTable({ members, actions }: { members: Member[]; actions: TeamActions }) {
  return (
    <StaffTable
      label="Staff members"
      caption="Staff members"
      columns={['Name', 'Email', 'Role', 'Status', 'Since', { hidden: 'Actions' }]}
    >
      {members.map((member) => (
        <MemberRow key={member.id} member={member} self={member.id === actions.me.id} actions={actions} />
      ))}
    </StaffTable>
  );
}

function MemberRow({ member, self, actions }: { member: Member; self: boolean; actions: TeamActions }) {
  const { setRole, deactivate, reactivate } = actions;
  return (
    <tr>
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
            onChange={(event) => setRole.mutate({ userId: member.id, role: event.target.value as StaffRole })}
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
}
