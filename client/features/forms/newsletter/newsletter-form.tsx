import { NEWSLETTER_DUPLICATE_MESSAGE } from '../../../../shared/form-messages';
import type { ToastOptions } from '../../../components/toast/toast-provider';
import { Island } from '../../../rendering/island';
// The live form rendered into the server's HTML; a stub in the browser, where the form's code loads on first use.
import { StoredForm } from '../stored-form.server';

/** Spec section 8, verbatim. */
export const newsletterMessages = {
  success: (): ToastOptions => ({ title: 'Subscribed!', description: 'Thank you for subscribing to our newsletter.' }),
  failure: {
    title: 'Subscription Failed',
    description: 'Could not subscribe. Please try again later.',
    variant: 'destructive',
  } satisfies ToastOptions,
  conflict: { title: 'Already Subscribed', description: NEWSLETTER_DUPLICATE_MESSAGE } satisfies ToastOptions,
};

const load = () => import('../stored-form').then((module) => module.liveStoredForm('newsletter', newsletterMessages));
const server = <StoredForm name="newsletter" messages={newsletterMessages} />;

/** Newsletter sign-up (spec sections 4, 5, 8), mounted on /resources. */
export const NewsletterForm = () => (
  <Island id="newsletter" load={load} server={server} failure={newsletterMessages.failure} />
);
