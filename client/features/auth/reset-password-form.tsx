import { useState } from 'react';
import { useLocation } from 'wouter';
import { AppLink } from '../../components/app-link';
import { useToast } from '../../components/toast/toast-provider';
import { paths } from '../../app/paths';
import { AccountForm } from './account-form';
import { formValue } from '../../components/form/form-value';
import { useAuthForm, type AuthFormProps } from './use-auth-form';
import { attempt } from './auth-failure';
import { trpc } from '../../lib/trpc';
import { withTrpc } from '../../lib/trpc-provider';
import { takeLinkToken } from './link-token';
import { ACCOUNT_FORM } from '../../../shared/forms/account-forms';

const CHANGE_FAILED_MESSAGE = 'Could not change your password. Please try again.';
import { authStateFor, setPageAuthState } from '../../../shared/auth-state';

/**
 * /reset-password?token=…: sets a new password, which ends every other session and logs this browser in. With
 * `invite`, the same form is an invited colleague's first password (/staff/welcome, issue #13), and leads to /staff.
 */
function ResetPasswordFormInner({ initialValues = {}, invite = false }: AuthFormProps & { invite?: boolean }) {
  // The live form renders only in the browser once the island loads, so the token can be read at once.
  const [token] = useState(takeLinkToken);
  const form = useAuthForm(invite ? undefined : ACCOUNT_FORM.resetPassword, CHANGE_FAILED_MESSAGE);
  const resetPassword = (invite ? trpc.auth.acceptInvite : trpc.auth.resetPassword).useMutation();
  const { toast } = useToast();
  const [, navigate] = useLocation();

  const onSubmit = form.submit(async (actions, element) => {
    if (!token) return;
    const values = { password: formValue(element, 'password'), confirmPassword: formValue(element, 'confirmPassword') };
    const invalid = actions.validateNewPassword(values);
    if (invalid) return form.showErrors(invalid);
    const result = await attempt(resetPassword.mutateAsync({ token, password: values.password }));
    if (result.ok) {
      form.clearErrors();
      setPageAuthState(authStateFor(result.data.user.role));
      toast({ title: 'Password Changed', description: 'Your new password is set and you are logged in.' });
      navigate(invite ? paths.staff() : paths.dashboard());
      return;
    }
    const { code, message, fieldErrors } = result.failure;
    if (fieldErrors?.password) return form.showErrors({ password: fieldErrors.password });
    form.showErrors({}, code === 'BAD_REQUEST' || code === 'TOO_MANY_REQUESTS' ? message : CHANGE_FAILED_MESSAGE);
  });

  const newLinkOffer = invite ? null : (
    <p>
      <AppLink href={paths.forgotPassword()}>Ask for a new reset link</AppLink>
    </p>
  );

  if (token === null) {
    return (
      <div className="app-auth__notice app-auth__notice--warning">
        <p>
          {invite
            ? 'This invitation link is not complete. Please use the whole link from the email, or ask an admin to invite you again.'
            : 'This reset link is not complete. Please use the whole link from the email, or ask for a new one.'}
        </p>
        {newLinkOffer}
      </div>
    );
  }

  return (
    <AccountForm
      name="resetPassword"
      form={form}
      onSubmit={onSubmit}
      busy={resetPassword.isPending}
      initialValues={initialValues}
      footer={newLinkOffer}
    />
  );
}

/** In its own tRPC provider: the form's island loads on demand, and React Query with it. */
export const ResetPasswordForm = withTrpc(ResetPasswordFormInner);

/** /staff/welcome: the invited colleague's first password. */
export const StaffWelcomeForm = withTrpc((props: AuthFormProps) => <ResetPasswordFormInner {...props} invite />);
