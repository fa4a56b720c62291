/** Server-only (*.server): the live form, rendered into the HTML by the island. */
export { ServiceOrderLiveForm } from './service-order-live-form';
