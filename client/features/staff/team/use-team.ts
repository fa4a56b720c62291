/**
 * Team's data and actions (issue #13, admins): the list, invitations with their field errors, role changes,
 * deactivation and reactivation. Each answer is said in one line that takes the focus.
 */
import { useRef, useState } from 'react';
import type { StaffRole } from '../../../../shared/schemas/team';
import { trpc } from '../../../lib/trpc';
import { useStaff } from '../staff-context';

type FieldErrors = Record<string, string[] | undefined>;
export type InviteValues = { fullName: string; email: string; role: StaffRole };

export function useTeam() {
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

  /** Sends an invitation; `onSent` runs only when it went (the form then clears itself). */
  const sendInvite = (values: InviteValues, onSent: () => void) => {
    setInviteErrors({});
    invite.mutate(values, {
      onSuccess: () => {
        onSent();
        say(`Invitation sent to ${values.email}.`);
      },
    });
  };
  return {
    me,
    team,
    notice,
    noticeRef,
    inviting: invite.isPending,
    inviteError: (name: string) => inviteErrors[name]?.[0],
    sendInvite,
    setRole,
    deactivate,
    reactivate,
  };
}

export type TeamActions = ReturnType<typeof useTeam>;
