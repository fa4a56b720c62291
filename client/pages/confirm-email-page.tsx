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
const ServerForm = import.meta.env.SSR ? (await import('../features/auth/confirm-email')).ConfirmEmail : null;
const load = () => import('../features/auth/confirm-email').then((module) => module.ConfirmEmail);
const failure = { title: 'Email Not Confirmed', description: 'Could not reach our service. Check your internet connection and try again.', variant: 'destructive' } as const;

export default function ConfirmEmailPage() {
  return (
    <>
      <ServerContent id="confirm-email-intro">{import.meta.env.SSR ? <Intro /> : null}</ServerContent>
      <section className="app-section" aria-label="Email confirmation">
        <div className="app-container">
          <div className="app-form-card app-auth">
            <FormIsland id="confirm-email" load={load} server={ServerForm ? <ServerForm /> : null} failure={failure} />
          </div>
        </div>
      </section>
    </>
  );
}

function Intro() {
  return (
    <>
      <PageMeta title={`Confirm Your Email Address - ${brand.name}`} description="Confirm your email address to finish creating your account." />
      <PageHeader title="Confirm Your Email Address" intro="One last step: confirm that this email address is yours.">
        <BackLink href={paths.home()} label="Back to Home" />
      </PageHeader>
    </>
  );
}
