import { paths } from '../app/paths';
import { AppLink } from '../components/app-link';
import { BackLink } from '../components/back-link';
import { PageHeader } from '../components/page-header';
import { ServerContent } from '../components/server-content';
import { FormIsland } from '../features/forms/form-island';
import { PageMeta } from '../layout/page-meta';
import { brand } from '../../shared/brand';
import '../features/auth/auth.css';

// Static parts are HTML only (ServerContent). The live form is rendered into the prerendered HTML by the
// server build; in the browser it loads on first focus or submit (with zod and the tRPC client).
const ServerForm = import.meta.env.SSR ? (await import('../features/auth/log-in-form')).LogInForm : null;
const load = () => import('../features/auth/log-in-form').then((module) => module.LogInForm);
const failure = { title: 'Log In Failed', description: 'Could not reach our service. Check your internet connection and try again.', variant: 'destructive' } as const;

export default function LoginPage() {
  return (
    <>
      <ServerContent id="login-intro">{import.meta.env.SSR ? <Intro /> : null}</ServerContent>
      <section className="app-section" aria-label="Log-in form">
        <div className="app-container">
          <div className="app-form-card app-auth">
            <FormIsland id="login" load={load} server={ServerForm ? <ServerForm /> : null} failure={failure} />
          </div>
        </div>
        <div className="app-container">
          <ServerContent id="login-links" className="app-auth app-auth__links">
            {import.meta.env.SSR ? <Links /> : null}
          </ServerContent>
        </div>
      </section>
    </>
  );
}

function Intro() {
  return (
    <>
      <PageMeta title={`Log In - ${brand.name}`} description={`Log in to your ${brand.name} account to see your dashboard and request care.`} />
      <PageHeader title="Log In" intro="Welcome back. Log in with the email address and password you signed up with.">
        <BackLink href={paths.home()} label="Back to Home" />
      </PageHeader>
    </>
  );
}

function Links() {
  return (
    <>
      <p>
        <AppLink href={paths.forgotPassword()}>Forgot password?</AppLink>
      </p>
      <p>
        New here? <AppLink href={paths.signup()}>Create an account</AppLink>
      </p>
    </>
  );
}
