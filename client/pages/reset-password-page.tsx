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
const ServerForm = import.meta.env.SSR ? (await import('../features/auth/reset-password-form')).ResetPasswordForm : null;
const load = () => import('../features/auth/reset-password-form').then((module) => module.ResetPasswordForm);
const failure = { title: 'Password Not Changed', description: 'Could not reach our service. Check your internet connection and try again.', variant: 'destructive' } as const;

export default function ResetPasswordPage() {
  return (
    <>
      <ServerContent id="reset-password-intro">{import.meta.env.SSR ? <Intro /> : null}</ServerContent>
      <section className="app-section" aria-label="New password">
        <div className="app-container">
          <div className="app-form-card app-auth">
            <FormIsland id="reset-password" load={load} server={ServerForm ? <ServerForm /> : null} failure={failure} />
          </div>
        </div>
      </section>
    </>
  );
}

function Intro() {
  return (
    <>
      <PageMeta title={`Choose a New Password - ${brand.name}`} description="Choose a new password for your account." />
      <PageHeader title="Choose a New Password" intro="Choosing a new password logs you out on every other device.">
        <BackLink href={paths.login()} label="Back to Log In" />
      </PageHeader>
    </>
  );
}
