/**
 * Team (issue #13, admins): the staff list with roles and status, invitations by e-mail, role changes, and
 * deactivation (their sessions end at once) after an explicit confirmation.
 */
import { StaffTitle } from '../staff-context';
import { InviteForm } from './invite-form';
import { TeamTable } from './team-table';
import { useTeam } from './use-team';

export function TeamPanel() {
  const actions = useTeam();
  const { team, notice, noticeRef } = actions;
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
        <TeamTable members={team.data} actions={actions} />
      )}
      <InviteForm busy={actions.inviting} onInvite={actions.sendInvite} />
    </>
  );
}
