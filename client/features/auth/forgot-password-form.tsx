import { useState } from 'react';
import { AccountForm } from './account-form';
import { formValue } from '../../components/form/form-value';
import { useAuthForm, type AuthFormProps } from './use-auth-form';
import { attempt } from './auth-failure';
import { trpc } from '../../lib/trpc';
import { withTrpc } from '../../lib/trpc-provider';
import { ACCOUNT_FORM } from '../../../shared/forms/account-forms';

const SEND_FAILED_MESSAGE = 'Could not send the email. Please try again.';

/** /forgot-password: asks for a reset link; the answer is the same whether or not the address has an account. */
function ForgotPasswordFormInner({ initialValues = {} }: AuthFormProps) {
  const form = useAuthForm(ACCOUNT_FORM.forgotPassword, SEND_FAILED_MESSAGE);
  const requestReset = trpc.auth.requestPasswordReset.useMutation();
  const [sent, setSent] = useState<string | null>(null);

  const onSubmit = form.submit(async (actions, element) => {
    const email = formValue(element, 'email');
    const invalid = actions.validateEmail({ email });
    if (invalid) return form.showErrors(invalid);
    const result = await attempt(requestReset.mutateAsync({ email }));
    if (result.ok) {
      form.clearErrors();
      element.reset();
      setSent(result.data.message);
      return;
    }
    const { code, message, fieldErrors } = result.failure;
    if (fieldErrors) return form.showErrors(fieldErrors);
    form.showErrors({}, code === 'TOO_MANY_REQUESTS' ? message : SEND_FAILED_MESSAGE);
  });

  return (
    <AccountForm
      name="forgotPassword"
      form={form}
      onSubmit={onSubmit}
      busy={requestReset.isPending}
      initialValues={initialValues}
    >
      <div role="status">
        {sent ? (
          <div className="app-auth__notice">
            <p>{sent}</p>
            <p>The link works for 1 hour. If nothing arrives in a few minutes, check your spam folder.</p>
          </div>
        ) : null}
      </div>
    </AccountForm>
  );
}

/** In its own tRPC provider: the form's island loads on demand, and React Query with it. */
export const ForgotPasswordForm = withTrpc(ForgotPasswordFormInner);
