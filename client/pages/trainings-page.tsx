import { paths } from '../app/paths';
import { BackLink } from '../components/back-link';
import { PageHeader } from '../components/page-header';
import { ServerContent } from '../components/server-content';
import { cataloguePages } from '../content/catalogue-pages';
import { careersTexts } from '../content/jobs';
import { PageMeta } from '../layout/page-meta';
import '../styles/catalogue.css';

/** /careers/trainings: the spec's status text and Back to Resources. */
export default function TrainingsPage() {
  return <ServerContent id="trainings">{import.meta.env.SSR ? <TrainingsContent /> : null}</ServerContent>;
}

function TrainingsContent() {
  const meta = cataloguePages.careers.trainingsMeta;
  const { heading, text } = careersTexts.trainings;
  return (
    <>
      <PageMeta title={meta.title} description={meta.description} />
      <PageHeader title={heading} intro={text}>
        <BackLink href={paths.resources()} label={cataloguePages.careers.backToResources} />
      </PageHeader>
    </>
  );
}
