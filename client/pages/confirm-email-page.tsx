import { paths } from '../app/paths';
import { AuthPage } from '../features/auth/auth-page';

// The server build renders the form into the HTML; the browser loads it on first use.
const ServerForm = import.meta.env.SSR ? (await import('../features/auth/confirm-email')).ConfirmEmail : null;
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
      serverForm={ServerForm}
      loadForm={loadForm}
      failure={{ title: 'Email Not Confirmed' }}
    />
  );
}
