import { paths } from '../app/paths';
import { AuthPage } from '../features/auth/auth-page';

// The server build renders the form into the HTML; the browser loads it on first use.
const ServerForm = import.meta.env.SSR
  ? (await import('../features/auth/reset-password-form')).ResetPasswordForm
  : null;
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
      serverForm={ServerForm}
      loadForm={loadForm}
      failure={{ title: 'Password Not Changed' }}
    />
  );
}
