import { paths } from '../app/paths';
import { AuthPage } from '../features/auth/auth-page';
import { LogInLinks } from '../features/auth/auth-links.server';
import { brand } from '../../shared/brand';
// The server renders the form into the HTML (a stub in the browser, which loads it on first use).
import { LogInForm } from '../features/auth/auth-forms.server';

const loadForm = () => import('../features/auth/log-in-form').then((module) => module.LogInForm);

export default function LoginPage() {
  return (
    <AuthPage
      id="login"
      title="Log In"
      metaDescription={`Log in to your ${brand.name} account to see your dashboard and request care.`}
      intro="Welcome back. Log in with the email address and password you signed up with."
      back={{ href: paths.home(), label: 'Back to Home' }}
      formLabel="Log-in form"
      serverForm={LogInForm}
      loadForm={loadForm}
      failure={{ title: 'Log In Failed' }}
      links={<LogInLinks />}
    />
  );
}
