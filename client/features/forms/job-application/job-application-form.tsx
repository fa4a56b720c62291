import { useCallback } from 'react';
import { Island, type LiveProps } from '../../../components/island';
import { jobApplicationMessages } from './job-application-messages';

// Server build only: the live form is rendered into the prerendered HTML. The client build drops this
// line, so the page ships only the island wrapper and the form's code loads on first use.
const ServerForm = import.meta.env.SSR ? (await import('./job-application-live-form')).JobApplicationLiveForm : null;

const loadLive = () => import('./job-application-live-form').then((module) => module.JobApplicationLiveForm);

/** Job application form (spec sections 5, 7, 8), mounted on /apply/{slug} with the job's title. */
export function JobApplicationForm({ jobTitle }: { jobTitle: string }) {
  const load = useCallback(
    () => loadLive().then((Live) => (props: LiveProps) => <Live {...props} jobTitle={jobTitle} />),
    [jobTitle],
  );
  return (
    <Island
      id="job-application"
      load={load}
      server={ServerForm ? <ServerForm jobTitle={jobTitle} /> : null}
      failure={jobApplicationMessages.failure}
    />
  );
}
