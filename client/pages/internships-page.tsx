import { paths } from '../app/paths';
import { BackLink } from '../components/back-link';
import { PageHeader } from '../components/page-header';
import { ServerContent } from '../components/server-content';
import { cataloguePages } from '../content/catalogue-pages';
import { careersTexts } from '../content/jobs';
import { PageMeta } from '../layout/page-meta';
import '../styles/catalogue.css';

/** /careers/internships: the spec's status text and Back to Resources. */
export default function InternshipsPage() {
  return <ServerContent id="internships">{import.meta.env.SSR ? <InternshipsContent /> : null}</ServerContent>;
}

function InternshipsContent() {
  const meta = cataloguePages.careers.internshipsMeta;
  const { heading, text } = careersTexts.internships;
  return (
    <>
      <PageMeta title={meta.title} description={meta.description} />
      <PageHeader title={heading} intro={text}>
        <BackLink href={paths.resources()} label={cataloguePages.careers.backToResources} />
      </PageHeader>
    </>
  );
}
