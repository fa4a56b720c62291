import { paths } from '../app/paths';
import { BackLink } from '../components/back-link';
import { PageHeader } from '../components/page-header';
import { applyPageTexts } from '../content/apply-page-texts';
import { findJob } from '../content/jobs';
import { PageMeta } from '../layout/page-meta';
import { brand } from '../../shared/brand';

/** The job's title for a slug (the jobs list with its long descriptions stays on the server). */
export const titleFor = (decoded: string) => findJob(decoded)?.title ?? decoded;

/** The apply page's meta and heading (server-rendered HTML only). */
export function ApplyHeader({ decoded, title }: { decoded: string; title: string }) {
  const texts = applyPageTexts;
  return (
    <div data-apply-for={decoded}>
      <PageMeta
        title={`${texts.titlePrefix}: ${title} - ${brand.name}`}
        description={`${texts.descriptionPrefix} ${title}.`}
      />
      <PageHeader title={title} eyebrow={texts.eyebrow}>
        <BackLink href={paths.jobOpportunities()} label={texts.backLabel} />
      </PageHeader>
    </div>
  );
}
