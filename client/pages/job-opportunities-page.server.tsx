import { paths } from '../app/paths';
import { BackLink } from '../components/back-link';
import { PageHeader } from '../components/page-header';
import { cataloguePages } from '../content/catalogue-pages';
import { careersTexts, jobs } from '../content/jobs';
import { JobList } from '../features/careers/job-list';
import { PageMeta } from '../layout/page-meta';

export function JobOpportunitiesContent() {
  const texts = cataloguePages.careers;
  return (
    <>
      <PageMeta title={texts.jobsMeta.title} description={texts.jobsMeta.description} />
      <PageHeader title={careersTexts.jobsHeading} intro={texts.jobsIntro}>
        <BackLink href={paths.resources()} label={texts.backToResources} />
      </PageHeader>
      <section className="app-section" aria-label={careersTexts.jobsHeading}>
        <div className="app-container">
          <JobList jobs={jobs} />
        </div>
      </section>
    </>
  );
}
