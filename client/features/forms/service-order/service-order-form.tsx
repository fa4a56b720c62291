import { Island } from '../../../components/island';
import { serviceOrderMessages } from './service-order-messages';

// Server build only: the live form is rendered into the prerendered HTML. The client build drops this
// line, so the page ships only the island wrapper and the form's code loads on first use.
const ServerForm = import.meta.env.SSR ? (await import('./service-order-live-form')).ServiceOrderLiveForm : null;

// A link such as /services/order-service?package=premium-package pre-fills the form: show it filled at once.
const prefilled = () => /[?&](package|service)=/.test(window.location.search);

const load = () => import('./service-order-live-form').then((module) => module.ServiceOrderLiveForm);

/** Service order form (spec sections 2, 4, 5) for /services/order-service. */
export function ServiceOrderForm() {
  return (
    <Island
      id="service-order"
      load={load}
      server={ServerForm ? <ServerForm /> : null}
      failure={serviceOrderMessages.failure}
      loadAtOnce={prefilled}
    />
  );
}
