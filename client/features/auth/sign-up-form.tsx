import { useState } from 'react';
import { useLocation } from 'wouter';
import { useToast } from '../../components/toast/toast-provider';
import { paths } from '../../app/paths';
import { AccountForm } from './account-form';
import { formValue } from '../../components/form/form-value';
import { useAuthForm, type AuthFormProps } from './use-auth-form';
import { attempt } from './auth-failure';
import { trpc } from '../../lib/trpc';
import { withTrpc } from '../../lib/trpc-provider';
import { ACCOUNT_EXISTS_MESSAGE, SIGN_UP_FAILED_MESSAGE } from '../../../shared/messages/auth-messages';
import { ACCOUNT_FORM } from '../../../shared/forms/account-forms';

/** /signup (spec sections 2, 4, 5, 8): outcomes created, exists, already confirmed, failed. */
function SignUpFormInner({ initialValues = {} }: AuthFormProps) {
  const form = useAuthForm(ACCOUNT_FORM.signUp, `Sign Up Failed: ${SIGN_UP_FAILED_MESSAGE}`);
  const signUp = trpc.auth.signUp.useMutation();
  const { toast } = useToast();
  const [, navigate] = useLocation();
  // Bumped after a successful sign-up so the password toggles go back to hidden with the cleared form.
  const [generation, setGeneration] = useState(0);

  const onSubmit = form.submit(async (actions, element) => {
    const values = {
      fullName: formValue(element, 'fullName'),
      email: formValue(element, 'email'),
      password: formValue(element, 'password'),
      confirmPassword: formValue(element, 'confirmPassword'),
    };
    const invalid = actions.validateSignUp(values);
    if (invalid) return form.showErrors(invalid);

    // confirmPassword is a client-only check: it is never sent.
    const result = await attempt(
      signUp.mutateAsync({ fullName: values.fullName, email: values.email, password: values.password }),
    );
    if (!result.ok) {
      if (result.failure.fieldErrors) form.showErrors(result.failure.fieldErrors);
      else form.clearErrors();
      toast({
        title: 'Sign Up Failed',
        description: actions.signUpFailureMessage(result.failure),
        variant: 'destructive',
      });
      return;
    }
    form.clearErrors();
    switch (result.data.status) {
      case 'created':
        element.reset();
        setGeneration((value) => value + 1);
        toast({ title: 'Account Created!', description: 'Please check your email to confirm your account.' });
        return;
      case 'exists':
        toast({
          title: 'Account Exists',
          description: `${ACCOUNT_EXISTS_MESSAGE} Please try logging in or use a different email.`,
          variant: 'destructive',
        });
        return;
      case 'already-confirmed':
        toast({
          title: 'Account Already Confirmed',
          description: 'Your account is already confirmed. You can log in now.',
        });
        navigate(paths.login());
        return;
    }
  });

  return (
    <AccountForm
      name="signUp"
      form={form}
      onSubmit={onSubmit}
      busy={signUp.isPending}
      initialValues={initialValues}
      resetKey={generation}
    />
  );
}

/** In its own tRPC provider: the form's island loads on demand, and React Query with it. */
export const SignUpForm = withTrpc(SignUpFormInner);
