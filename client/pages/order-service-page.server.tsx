import { paths } from '../app/paths';
import { BackLink } from '../components/back-link';
import { PageHeader } from '../components/page-header';
import { PageMeta } from '../layout/page-meta';
import { brand } from '../../shared/brand';

export function OrderServiceIntro() {
  return (
    <>
      <PageMeta
        title={`Order a Service - ${brand.name}`}
        description="Order a consultation, a medical tourism package or another health service. We contact you to confirm the details before anything is arranged."
      />
      <PageHeader
        title="Order a Service"
        intro="Tell us which service you need and how to reach you. We will contact you shortly to confirm the details and the cost before anything is arranged."
      >
        <BackLink href={paths.services()} label="Back to Services" />
      </PageHeader>
    </>
  );
}
