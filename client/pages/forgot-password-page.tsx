import { paths } from '../app/paths';
import { AuthPage } from '../features/auth/auth-page';
// The server renders the form into the HTML (a stub in the browser, which loads it on first use).
import { ForgotPasswordForm } from '../features/auth/auth-forms.server';

const loadForm = () => import('../features/auth/forgot-password-form').then((module) => module.ForgotPasswordForm);

export default function ForgotPasswordPage() {
  return (
    <AuthPage
      id="forgot-password"
      title="Forgot Your Password?"
      metaDescription="Ask for a link to choose a new password for your account."
      intro="Enter your email address and we will send you a link to choose a new password."
      back={{ href: paths.login(), label: 'Back to Log In' }}
      formLabel="Password reset request"
      serverForm={ForgotPasswordForm}
      loadForm={loadForm}
      failure={{ title: 'Request Failed' }}
    />
  );
}
