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
const ServerForm = import.meta.env.SSR ? (await import('../features/auth/sign-up-form')).SignUpForm : null;
const load = () => import('../features/auth/sign-up-form').then((module) => module.SignUpForm);
const failure = { title: 'Sign Up Failed', description: 'Could not create your account. Please try again.', variant: 'destructive' } as const;

export default function SignupPage() {
  return (
    <>
      <ServerContent id="signup-intro">{import.meta.env.SSR ? <Intro /> : null}</ServerContent>
      <section className="app-section" aria-label="Sign-up form">
        <div className="app-container">
          <div className="app-form-card app-auth">
            <FormIsland id="signup" load={load} server={ServerForm ? <ServerForm /> : null} failure={failure} />
          </div>
        </div>
        <div className="app-container">
          <ServerContent id="signup-links" className="app-auth app-auth__links">
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
      <PageMeta title={`Create Your Account - ${brand.name}`}
        description={`Create a free ${brand.name} account to book care, follow your requests and keep your health information in one place.`} />
      <PageHeader title="Create Your Account" intro="Sign up to book care and follow your requests. We will email you a link to confirm your address.">
        <BackLink href={paths.home()} label="Back to Home" />
      </PageHeader>
    </>
  );
}

function Links() {
  return (
    <>
      <p>
        Already have an account? <AppLink href={paths.login()}>Log in</AppLink>
      </p>
    </>
  );
}
