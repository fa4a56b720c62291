import type { ToastOptions } from '../../../components/toast/toast-provider';
import { Island } from '../../../rendering/island';
// The live form rendered into the server's HTML; a stub in the browser, where the form's code loads on first use.
import { StoredForm } from '../stored-form.server';

/** Spec section 8; the success toast adds the reference to quote. */
export const jobApplicationMessages = {
  success: (reference: string): ToastOptions => ({
    title: 'Application Submitted!',
    description: `Thank you for applying. We'll be in touch. Your reference is ${reference}.`,
  }),
  failure: {
    title: 'Application Failed',
    description: 'Could not submit your application. Please try again.',
    variant: 'destructive',
  } satisfies ToastOptions,
};

/** Job application form (spec sections 5, 7, 8), mounted on /apply/{slug} with the job's title. */
export function JobApplicationForm({ jobTitle }: { jobTitle: string }) {
  const hidden = { jobTitle };
  const load = () =>
    import('../stored-form').then((module) => module.liveStoredForm('job-application', jobApplicationMessages, hidden));
  const server = <StoredForm name="job-application" messages={jobApplicationMessages} hidden={hidden} />;
  return <Island id="job-application" load={load} server={server} failure={jobApplicationMessages.failure} />;
}
