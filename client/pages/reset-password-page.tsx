import { paths } from '../app/paths';
import { AuthPage } from '../features/auth/auth-page';
// The server renders the form into the HTML (a stub in the browser, which loads it on first use).
import { ResetPasswordForm } from '../features/auth/auth-forms.server';

const loadForm = () => import('../features/auth/reset-password-form').then((module) => module.ResetPasswordForm);

export default function ResetPasswordPage() {
  return (
    <AuthPage
      id="reset-password"
      title="Choose a New Password"
      metaDescription="Choose a new password for your account."
      intro="Choosing a new password logs you out on every other device."
      back={{ href: paths.login(), label: 'Back to Log In' }}
      formLabel="New password"
      serverForm={ResetPasswordForm}
      loadForm={loadForm}
      failure={{ title: 'Password Not Changed' }}
    />
  );
}
