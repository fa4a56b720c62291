import type { FormEventHandler, ReactNode } from 'react';
import { AppForm } from '../../components/form/app-form';
import { FormFields } from '../../components/form/form-fields';
import { accountFormFields } from '../../../shared/forms/account-form-fields';
import { PasswordField } from './password-field';
import type { useAuthForm } from './use-auth-form';

/** Each account form's frame: its ids' prefix, accessible name and submit button (spec section 4). */
const frames = {
  signUp: {
    idPrefix: 'signup',
    label: 'Create your account',
    submit: { label: 'Create Account', busyLabel: 'Creating Account...' },
  },
  logIn: { idPrefix: 'login', label: 'Log in', submit: { label: 'Log In', busyLabel: 'Logging In...' } },
  forgotPassword: {
    idPrefix: 'forgot',
    label: 'Reset your password',
    submit: { label: 'Send Reset Link', busyLabel: 'Sending Link...' },
  },
  resetPassword: {
    idPrefix: 'reset',
    label: 'Choose a new password',
    submit: { label: 'Save New Password', busyLabel: 'Saving Password...' },
  },
} satisfies Record<keyof typeof accountFormFields, unknown>;

type AccountFormProps = {
  name: keyof typeof accountFormFields;
  form: ReturnType<typeof useAuthForm>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The procedure's pending state: the submit button's busy label. */
  busy: boolean;
  initialValues: Record<string, string>;
  /** Changed after a successful send: the password toggles go back to hidden with the cleared form. */
  resetKey?: number;
  /** After the submit button (a link). */
  footer?: ReactNode;
  /** Before the fields (a notice, a status line). */
  children?: ReactNode;
};

/** An account form on the one frame (issue #26): its field list from shared/forms, with the password toggles. */
export function AccountForm({
  name,
  form: { formRef, summaryRef, ...form },
  onSubmit,
  busy,
  initialValues,
  resetKey,
  footer,
  children,
}: AccountFormProps) {
  const { idPrefix, label, submit } = frames[name];
  return (
    <AppForm
      formRef={formRef}
      summaryRef={summaryRef}
      form={form}
      onSubmit={onSubmit}
      label={label}
      submit={{ ...submit, busy }}
      footer={footer}
    >
      {children}
      <FormFields
        fields={accountFormFields[name]}
        idPrefix={idPrefix}
        initialValues={initialValues}
        errors={form.fieldErrors}
        password={PasswordField}
        resetKey={resetKey}
      />
    </AppForm>
  );
}
