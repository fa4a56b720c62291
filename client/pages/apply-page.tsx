import { useEffect, useState } from 'react';
import { useParams } from 'wouter';
import { paths } from '../app/paths';
import { BackLink } from '../components/back-link';
import { PageHeader } from '../components/page-header';
import { ServerContent } from '../components/server-content';
import { applyPageTexts } from '../content/apply-page-texts';
import { findJob } from '../content/jobs';
import { JobApplicationForm } from '../features/forms/job-application/job-application-form';
import { PageMeta } from '../layout/page-meta';
import { brand } from '../../shared/brand';
import '../styles/catalogue.css';

/** The router decodes with decodeURI; this also decodes reserved characters such as %26 and %2F. */
function decodeParam(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

const titleFor = (decoded: string) => findJob(decoded)?.title ?? decoded;

/**
 * The job title for the form. The server looks it up; in the browser the jobs list
 * (long descriptions) is not shipped with the page: on the first load the title is
 * read from the server-rendered heading, after client-side navigation the list is
 * loaded on demand.
 */
function useJobTitle(decoded: string): string {
  const [title, setTitle] = useState(() => {
    if (import.meta.env.SSR) return titleFor(decoded);
    const firstRender = document.documentElement.dataset.hydrated !== 'true';
    const heading = firstRender ? document.querySelector('[data-server-content="apply"] h1')?.textContent : null;
    return heading ?? null;
  });
  useEffect(() => {
    if (title !== null) return;
    let current = true;
    import('../content/jobs').then(
      (module) => current && setTitle(module.findJob(decoded)?.title ?? decoded),
      () => current && setTitle(decoded),
    );
    return () => {
      current = false;
    };
  }, [title, decoded]);
  return title ?? decoded;
}

/**
 * /apply/{slug or job title}: a known slug shows its job's title, anything else
 * the URL-decoded text itself. The heading is server-rendered; the form (an
 * island) receives the same title.
 */
export default function ApplyPage() {
  const { slug = '' } = useParams<{ slug: string }>();
  return <ApplyView key={slug} decoded={decodeParam(slug)} />;
}

function ApplyView({ decoded }: { decoded: string }) {
  const title = useJobTitle(decoded);
  return (
    <>
      <ServerContent id="apply">{import.meta.env.SSR ? <ApplyHeader title={title} /> : null}</ServerContent>
      <div className="app-section">
        <div className="app-container app-prose">
          {/* Re-keyed when the title is known, so the live form is loaded with the right one. */}
          <JobApplicationForm key={title} jobTitle={title} />
        </div>
      </div>
    </>
  );
}

function ApplyHeader({ title }: { title: string }) {
  const texts = applyPageTexts;
  return (
    <>
      <PageMeta title={`${texts.titlePrefix}: ${title} - ${brand.name}`} description={`${texts.descriptionPrefix} ${title}.`} />
      <PageHeader title={title} eyebrow={texts.eyebrow}>
        <BackLink href={paths.jobOpportunities()} label={texts.backLabel} />
      </PageHeader>
    </>
  );
}
