import { Island } from '../../../rendering/island';
import { serviceOrderMessages } from './service-order-messages';
// The live form rendered into the server's HTML; a stub in the browser, where the form's code loads on first use.
import { ServiceOrderLiveForm } from './service-order-form.server';

// A link such as /services/order-service?package=premium-package pre-fills the form: show it filled at once.
const prefilled = () => /[?&](package|service)=/.test(window.location.search);

const load = () => import('./service-order-live-form').then((module) => module.ServiceOrderLiveForm);

/** Service order form (spec sections 2, 4, 5) for /services/order-service. */
export function ServiceOrderForm() {
  return (
    <Island
      id="service-order"
      load={load}
      server={<ServiceOrderLiveForm />}
      failure={serviceOrderMessages.failure}
      loadAtOnce={prefilled}
    />
  );
}
