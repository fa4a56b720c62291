import { paths } from '../../app/paths';
import { BackLink } from '../../components/back-link';
import { PageHeader } from '../../components/page-header';
import { cataloguePages } from '../../content/catalogue-pages';
import { careersTexts } from '../../content/jobs';
import { PageMeta } from '../../layout/page-meta';

export type CareersNoticeKind = 'internships' | 'trainings';

/** The status text of a careers page (server-rendered HTML only). */
export function CareersNotice({ kind }: { kind: CareersNoticeKind }) {
  const meta = cataloguePages.careers[`${kind}Meta`];
  const { heading, text } = careersTexts[kind];
  return (
    <>
      <PageMeta title={meta.title} description={meta.description} />
      <PageHeader title={heading} intro={text}>
        <BackLink href={paths.resources()} label={cataloguePages.careers.backToResources} />
      </PageHeader>
    </>
  );
}
