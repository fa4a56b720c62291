import { paths } from '../app/paths';
import { AuthPage } from '../features/auth/auth-page';
// The server renders the form into the HTML (a stub in the browser, which loads it on first use).
import { StaffWelcomeForm } from '../features/auth/auth-forms.server';

const loadForm = () => import('../features/auth/reset-password-form').then((module) => module.StaffWelcomeForm);

/** /staff/welcome?token=… (issue #13): an invited colleague sets their password, then opens the staff app. */
export default function StaffWelcomePage() {
  return (
    <AuthPage
      id="staff-welcome"
      title="Set Your Password"
      metaDescription="Set the password for your staff account."
      intro="You have been invited to the staff app. Choose a password to finish setting up your account."
      back={{ href: paths.login(), label: 'Go to Log In' }}
      formLabel="Set your password"
      serverForm={StaffWelcomeForm}
      loadForm={loadForm}
      failure={{ title: 'Password Not Set' }}
    />
  );
}
