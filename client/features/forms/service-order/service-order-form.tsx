import type { ToastOptions } from '../../../components/toast/toast-provider';
import { Island } from '../../../rendering/island';
// The live form rendered into the server's HTML; a stub in the browser, where the form's code loads on first use.
import { StoredForm } from '../stored-form.server';

/** Spec section 8; the success toast adds the reference to quote. */
export const serviceOrderMessages = {
  success: (reference: string): ToastOptions => ({
    title: 'Service Order Placed!',
    description: `We will contact you shortly to confirm details. Your reference is ${reference}.`,
  }),
  failure: {
    title: 'Order Failed',
    description: 'Could not place your order. Please try again.',
    variant: 'destructive',
  } satisfies ToastOptions,
};

// A link such as /services/order-service?package=premium-package pre-fills the form: show it filled at once.
const prefilled = () => /[?&](package|service)=/.test(window.location.search);

const load = () =>
  import('../stored-form').then((module) => module.liveStoredForm('service-order', serviceOrderMessages));
const server = <StoredForm name="service-order" messages={serviceOrderMessages} />;

/**
 * Service order form (spec sections 2, 4, 5) for /services/order-service. The package select appears, and is required,
 * only for the Medical Tourism Package category; moving to another category clears it.
 */
export const ServiceOrderForm = () => (
  <Island
    id="service-order"
    load={load}
    server={server}
    failure={serviceOrderMessages.failure}
    loadAtOnce={prefilled}
  />
);
