import { paths } from '../app/paths';
import { BackLink } from '../components/back-link';
import { PageHeader } from '../components/page-header';
import { ServerContent } from '../components/server-content';
import { FormIsland } from '../features/forms/form-island';
import { PageMeta } from '../layout/page-meta';
import { brand } from '../../shared/brand';
import '../features/auth/auth.css';

// Static parts are HTML only (ServerContent). The live form is rendered into the prerendered HTML by the
// server build; in the browser it loads on first focus or submit (with zod and the tRPC client).
const ServerForm = import.meta.env.SSR ? (await import('../features/auth/forgot-password-form')).ForgotPasswordForm : null;
const load = () => import('../features/auth/forgot-password-form').then((module) => module.ForgotPasswordForm);
const failure = { title: 'Request Failed', description: 'Could not reach our service. Check your internet connection and try again.', variant: 'destructive' } as const;

export default function ForgotPasswordPage() {
  return (
    <>
      <ServerContent id="forgot-password-intro">{import.meta.env.SSR ? <Intro /> : null}</ServerContent>
      <section className="app-section" aria-label="Password reset request">
        <div className="app-container">
          <div className="app-form-card app-auth">
            <FormIsland id="forgot-password" load={load} server={ServerForm ? <ServerForm /> : null} failure={failure} />
          </div>
        </div>
      </section>
    </>
  );
}

function Intro() {
  return (
    <>
      <PageMeta title={`Forgot Your Password? - ${brand.name}`} description="Ask for a link to choose a new password for your account." />
      <PageHeader title="Forgot Your Password?" intro="Enter your email address and we will send you a link to choose a new password.">
        <BackLink href={paths.login()} label="Back to Log In" />
      </PageHeader>
    </>
  );
}
