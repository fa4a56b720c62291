import { useState } from 'react';
import { authStateFor, setPageAuthState } from '../../../shared/auth-state';
import { useLocation } from 'wouter';
import { paths } from '../../app/paths';
import { AccountForm } from './account-form';
import { safeNextPath } from '../../../shared/safe-next-path';
import { ACCOUNT_FORM } from '../../../shared/forms/account-forms';
import { formValue } from '../../components/form/form-value';
import { useAuthForm, type AuthFormProps } from './use-auth-form';
import { attempt } from './auth-failure';
import { trpc } from '../../lib/trpc';
import { withTrpc } from '../../lib/trpc-provider';

const LOG_IN_FAILED_MESSAGE = 'Could not log you in. Please try again.';

/**
 * /login: one generic message for a wrong address or password; an unconfirmed account is
 * told to confirm and offered a new link; success goes to ?next= or the dashboard.
 */
function LogInFormInner({ initialValues = {} }: AuthFormProps) {
  const form = useAuthForm(ACCOUNT_FORM.logIn, LOG_IN_FAILED_MESSAGE);
  const logIn = trpc.auth.logIn.useMutation();
  const resendConfirmation = trpc.auth.resendConfirmation.useMutation();
  const [, navigate] = useLocation();
  const [unconfirmed, setUnconfirmed] = useState<{ email: string; message: string } | null>(null);
  const [resendMessage, setResendMessage] = useState<string | null>(null);

  const onSubmit = form.submit(async (actions, element) => {
    const values = { email: formValue(element, 'email'), password: formValue(element, 'password') };
    const invalid = actions.validateLogIn(values);
    if (invalid) return form.showErrors(invalid);
    setUnconfirmed(null);
    setResendMessage(null);
    const result = await attempt(logIn.mutateAsync(values));
    if (result.ok) {
      form.clearErrors();
      setPageAuthState(authStateFor(result.data.user.role));
      navigate(safeNextPath(window.location.search, paths.dashboard()));
      return;
    }
    const { code, message, fieldErrors } = result.failure;
    if (fieldErrors) return form.showErrors(fieldErrors);
    if (code === 'FORBIDDEN') {
      form.clearErrors();
      setUnconfirmed({ email: values.email, message });
      return;
    }
    form.showErrors({}, code === 'UNAUTHORIZED' || code === 'TOO_MANY_REQUESTS' ? message : LOG_IN_FAILED_MESSAGE);
  });

  const resend = async () => {
    if (!unconfirmed || resendConfirmation.isPending) return;
    setResendMessage(null);
    const result = await attempt(resendConfirmation.mutateAsync({ email: unconfirmed.email }));
    setResendMessage(
      result.ok
        ? result.data.message
        : result.failure.code === 'TOO_MANY_REQUESTS'
          ? result.failure.message
          : 'Could not send the email. Please try again.',
    );
  };

  return (
    <AccountForm name="logIn" form={form} onSubmit={onSubmit} busy={logIn.isPending} initialValues={initialValues}>
      {unconfirmed ? (
        <div className="app-auth__notice app-auth__notice--warning" role="alert">
          <p>{unconfirmed.message}</p>
          <p>
            <button
              type="button"
              className="app-button app-button--secondary"
              onClick={() => void resend()}
              disabled={resendConfirmation.isPending}
            >
              {resendConfirmation.isPending ? 'Sending Email...' : 'Send a new confirmation email'}
            </button>
          </p>
        </div>
      ) : null}
      <p role="status" className="app-form__status">
        {resendMessage ?? ''}
      </p>
    </AccountForm>
  );
}

/** In its own tRPC provider: the form's island loads on demand, and React Query with it. */
export const LogInForm = withTrpc(LogInFormInner);
