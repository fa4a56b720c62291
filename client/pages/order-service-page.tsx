import { ServerContent } from '../rendering/server-content';
import { ServiceOrderForm } from '../features/forms/service-order/service-order-form';
import { OrderServiceIntro } from './order-service-page.server';

/** /services/order-service: static header as HTML only; the form is an island that loads on first use. */
export default function OrderServicePage() {
  return (
    <>
      <ServerContent id="order-service">
        <OrderServiceIntro />
      </ServerContent>
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
