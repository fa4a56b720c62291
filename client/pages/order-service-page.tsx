import { paths } from '../app/paths';
import { BackLink } from '../components/back-link';
import { PageHeader } from '../components/page-header';
import { ServerContent } from '../components/server-content';
import { ServiceOrderForm } from '../features/forms/service-order/service-order-form';
import { PageMeta } from '../layout/page-meta';
import { brand } from '../../shared/brand';

/** /services/order-service: static header as HTML only; the form is an island that loads on first use. */
export default function OrderServicePage() {
  return (
    <>
      <ServerContent id="order-service">{import.meta.env.SSR ? <OrderServiceIntro /> : null}</ServerContent>
      <section className="app-section" aria-label="Order form">
        <div className="app-container">
          <div className="app-form-card">
            <ServiceOrderForm />
          </div>
        </div>
      </section>
    </>
  );
}

function OrderServiceIntro() {
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
