import { paths } from '../app/paths';
import { AuthPage } from '../features/auth/auth-page';
import { AppLink } from '../components/app-link';
import { brand } from '../../shared/brand';

// The server build renders the form into the HTML; the browser loads it on first use.
const ServerForm = import.meta.env.SSR ? (await import('../features/auth/log-in-form')).LogInForm : null;
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
      serverForm={ServerForm}
      loadForm={loadForm}
      failure={{ title: 'Log In Failed' }}
      links={
        import.meta.env.SSR ? (
          <>
            <p>
              <AppLink href={paths.forgotPassword()}>Forgot password?</AppLink>
            </p>
            <p>
              New here? <AppLink href={paths.signup()}>Create an account</AppLink>
            </p>
          </>
        ) : null
      }
    />
  );
}
