import { useCallback } from 'react';
import { Island, type LiveProps } from '../../../rendering/island';
import { jobApplicationMessages } from './job-application-messages';
// The live form rendered into the server's HTML; a stub in the browser, where the form's code loads on first use.
import { JobApplicationLiveForm } from './job-application-form.server';

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
      server={<JobApplicationLiveForm jobTitle={jobTitle} />}
      failure={jobApplicationMessages.failure}
    />
  );
}
