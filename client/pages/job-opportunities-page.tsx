import { ServerContent } from '../rendering/server-content';
import '../styles/catalogue.css';
import { JobOpportunitiesContent } from './job-opportunities-page.server';

/** /careers/job-opportunities: the open jobs (or the empty-state text) and Back to Resources. */
export default function JobOpportunitiesPage() {
  return (
    <ServerContent id="jobs">
      <JobOpportunitiesContent />
    </ServerContent>
  );
}
