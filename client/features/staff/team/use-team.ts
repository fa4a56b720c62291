/**
 * Team's data and actions (issue #13, admins): the list, invitations with their field errors, role changes,
 * deactivation and reactivation. Each answer is said in one line that takes the focus.
 */
import { useRef, useState } from 'react';
import type { StaffRole } from '../../../../shared/schemas/team';
import { isAppClientError, serverFieldErrors } from '../../../components/form/server-errors';
import type { FieldErrors } from '../../../components/form/use-form-errors';
import { trpc } from '../../../lib/trpc';
import { useStaff } from '../staff-context';

export type InviteValues = { fullName: string; email: string; role: StaffRole };
/** Sent, or not: with the server's field errors for the form, or none when the failure was said in the notice. */
export type InviteAnswer = { sent: true } | { sent: false; fieldErrors: FieldErrors | null };

export function useTeam() {
  const { me } = useStaff();
  const utils = trpc.useUtils();
  const team = trpc.team.list.useQuery();
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const say = (text: string, error = false) => {
    setNotice({ text, error });
    void utils.team.list.invalidate();
    requestAnimationFrame(() => noticeRef.current?.focus());
  };
  const onError = (error: { message: string }) => say(error.message, true);
  const invite = trpc.team.invite.useMutation();
  const setRole = trpc.team.setRole.useMutation({ onSuccess: () => say('Role changed.'), onError });
  const deactivate = trpc.team.deactivate.useMutation({
    onSuccess: () => say('Account deactivated. Their sessions have ended.'),
    onError,
  });
  const reactivate = trpc.team.reactivate.useMutation({ onSuccess: () => say('Account reactivated.'), onError });

  /** Sends an invitation; the form clears itself when it went, and shows the server's field errors when not. */
  const sendInvite = async (values: InviteValues): Promise<InviteAnswer> => {
    try {
      await invite.mutateAsync(values);
      say(`Invitation sent to ${values.email}.`);
      return { sent: true };
    } catch (error) {
      const fieldErrors = isAppClientError(error) ? serverFieldErrors(error) : null;
      if (!fieldErrors) onError(error as { message: string });
      return { sent: false, fieldErrors };
    }
  };
  return {
    me,
    team,
    notice,
    noticeRef,
    inviting: invite.isPending,
    sendInvite,
    setRole,
    deactivate,
    reactivate,
  };
}

export type TeamActions = ReturnType<typeof useTeam>;
