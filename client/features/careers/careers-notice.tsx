import { paths } from '../../app/paths';
import { BackLink } from '../../components/back-link';
import { PageHeader } from '../../components/page-header';
import { ServerContent } from '../../components/server-content';
import { cataloguePages } from '../../content/catalogue-pages';
import { careersTexts } from '../../content/jobs';
import { PageMeta } from '../../layout/page-meta';

type CareersNoticeKind = 'internships' | 'trainings';

/** The careers pages that only carry a status text (internships, trainings) and Back to Resources. */
export function CareersNoticePage({ kind }: { kind: CareersNoticeKind }) {
  return <ServerContent id={kind}>{import.meta.env.SSR ? <CareersNotice kind={kind} /> : null}</ServerContent>;
}

function CareersNotice({ kind }: { kind: CareersNoticeKind }) {
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
