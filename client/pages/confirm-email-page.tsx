import { paths } from '../app/paths';
import { AuthPage } from '../features/auth/auth-page';
// The server renders the form into the HTML (a stub in the browser, which loads it on first use).
import { ConfirmEmail } from '../features/auth/auth-forms.server';

const loadForm = () => import('../features/auth/confirm-email').then((module) => module.ConfirmEmail);

export default function ConfirmEmailPage() {
  return (
    <AuthPage
      id="confirm-email"
      title="Confirm Your Email Address"
      metaDescription="Confirm your email address to finish creating your account."
      intro="One last step: confirm that this email address is yours."
      back={{ href: paths.home(), label: 'Back to Home' }}
      formLabel="Email confirmation"
      serverForm={ConfirmEmail}
      loadForm={loadForm}
      failure={{ title: 'Email Not Confirmed' }}
    />
  );
}
