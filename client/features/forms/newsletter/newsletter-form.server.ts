/** Server-only (*.server): the live form, rendered into the HTML by the island. */
export { NewsletterLiveForm } from './newsletter-live-form';
